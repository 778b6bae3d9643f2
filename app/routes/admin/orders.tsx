import { ADMIN_MESSAGES } from "@common/admin-messages";
import { ClipboardList } from "lucide-react";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminMeta } from "~/lib/admin-route";

export const meta = adminMeta("Order History");

/** The dashboard index and every unmatched dashboard path (SPEC section 2). */
export default function Orders() {
  return (
    <>
      <h1 className={pageHeadingClass}>Order History</h1>
      <div className="card mt-6 flex flex-col items-center gap-3 py-12 text-center">
        <ClipboardList aria-hidden="true" className="size-10 text-brand" />
        <p className="text-lg font-semibold">{ADMIN_MESSAGES.ordersUnavailable}</p>
      </div>
    </>
  );
}
