import { Send } from "lucide-react";
import { BackLink } from "~/components/admin/BackLink";
import { Loading } from "~/components/admin/Loading";
import { PopupForm } from "~/components/admin/PopupForm";
import { pageHeadingClass } from "~/components/admin/styles";
import { ADMIN_PAGE_HEADERS, requireAdmin } from "~/lib/admin-session.server";
import { usePopupActions } from "~/lib/popup-admin";
import type { Route } from "./+types/popup-create";

export const meta: Route.MetaFunction = () => [
  { title: "Create Popup | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

const LIST = "/admin/dashboard/popups";

/** SPEC section 2: the create screen, with 'Back'. A new popup starts deactivated. */
export default function AdminPopupCreate() {
  const { run, busy } = usePopupActions();
  return (
    <div className="flex max-w-2xl flex-col">
      <BackLink to={LIST} />
      <h1 className={`mt-4 ${pageHeadingClass}`}>Create Popup</h1>
      <PopupForm
        submitLabel="Submit"
        submitIcon={Send}
        busy={busy}
        onSubmit={(input) => void run("create", "", input, LIST)}
      >
        {busy && <Loading />}
      </PopupForm>
    </div>
  );
}
