import { POPUP_ADMIN_TEXTS } from "@common/admin-messages";
import { Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, type ShouldRevalidateFunction } from "react-router";
import { BackLink } from "~/components/admin/BackLink";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { PopupForm } from "~/components/admin/content/PopupForm";
import { Loading } from "~/components/admin/Loading";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { POPUPS_PATH as LIST, popupClientAction, usePopupActions } from "~/lib/content/popup-admin";
import { popupAction } from "~/lib/content/popup-admin.server";
import { foundOrNull } from "~/lib/domain-errors.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/popup-edit";

export const meta = adminMeta("Edit Popup");
export const headers = adminHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "popups");
  const popup = await foundOrNull(context.services.popups.get(params.id));
  return popup ? { popup } : data({ popup: null }, { status: 404 });
}

// After a successful 'Edit' or 'Delete' the screen goes to the list: nothing here to reload.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  !actionResult?.ok && defaultShouldRevalidate;

/** 'Edit' and 'Delete' of this popup. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "popups");
  return popupAction(context, await request.formData(), params.id, admin);
}

export const clientAction = popupClientAction;

/** The popup edit screen, with 'Edit' and 'Delete' (asked first). */
export default function AdminPopupEdit({ loaderData }: Route.ComponentProps) {
  const { run, busy } = usePopupActions(LIST);
  const [confirming, setConfirming] = useState(false);
  const { popup } = loaderData;

  return (
    <div className="flex max-w-2xl flex-col">
      <BackLink to={LIST} />
      <h1 className={`mt-4 ${pageHeadingClass}`}>Edit Popup</h1>
      {!popup ? (
        <p className="card mt-6 font-semibold">{POPUP_ADMIN_TEXTS.notFound}</p>
      ) : (
        <>
          <p className="mt-1 font-mono text-xs break-words text-muted">{popup._id}</p>
          <PopupForm
            key={popup._id}
            initial={popup}
            submitLabel="Edit"
            submitIcon={Save}
            busy={busy}
            onSubmit={(input) => void run("edit", input)}
          >
            <button
              type="button"
              className="btn btn-danger"
              aria-disabled={busy}
              onClick={() => !busy && setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              Delete
            </button>
            {busy && <Loading />}
          </PopupForm>
          <ConfirmDialog
            open={confirming}
            title={POPUP_ADMIN_TEXTS.confirmDeleteTitle}
            message={POPUP_ADMIN_TEXTS.confirmDelete(popup.title)}
            confirmLabel="Delete"
            busy={busy}
            onCancel={() => setConfirming(false)}
            onConfirm={async () => {
              await run("remove");
              setConfirming(false);
            }}
          />
        </>
      )}
    </div>
  );
}
