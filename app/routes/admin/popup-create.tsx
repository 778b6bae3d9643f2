import { Send } from "lucide-react";
import { BackLink } from "~/components/admin/BackLink";
import { PopupForm } from "~/components/admin/content/PopupForm";
import { Loading } from "~/components/admin/Loading";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { POPUPS_PATH as LIST, popupClientAction, usePopupActions } from "~/lib/content/popup-admin";
import { popupAction } from "~/lib/content/popup-admin.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/popup-create";

export const meta = adminMeta("Create Popup");
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "popups");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "popups");
  return popupAction(context, await request.formData(), undefined, admin);
}

export const clientAction = popupClientAction;

/** The popup create screen, with 'Back'. A new popup starts deactivated. */
export default function AdminPopupCreate() {
  const { run, busy } = usePopupActions(LIST);
  return (
    <div className="flex max-w-2xl flex-col">
      <BackLink to={LIST} />
      <h1 className={`mt-4 ${pageHeadingClass}`}>Create Popup</h1>
      <PopupForm
        submitLabel="Submit"
        submitIcon={Send}
        busy={busy}
        onSubmit={(input) => void run("create", input)}
      >
        {busy && <Loading />}
      </PopupForm>
    </div>
  );
}
