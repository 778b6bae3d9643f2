import { POPUP_ADMIN_TEXTS } from "@common/admin-messages";
import type { Popup } from "@common/content/popup";
import { useState } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { PopupRow } from "~/components/admin/content/PopupRow";
import { ListHeader } from "~/components/admin/ListHeader";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { isSearchOnlyChange, useAdminSearch } from "~/lib/admin-search";
import { popupClientAction, usePopupActions } from "~/lib/content/popup-admin";
import { popupAction } from "~/lib/content/popup-admin.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/popup-list";

export const meta = adminMeta("Popups");
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "popups");
  return { popups: await context.services.popups.list() };
}

/** A row's switch and 'Delete popup': activate, deactivate or remove the form's `id`. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "popups");
  return popupAction(context, await request.formData(), undefined, admin);
}

export const clientAction = popupClientAction;

// The search box filters on screen: typing needs no reload.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => !isSearchOnlyChange(currentUrl, nextUrl) && defaultShouldRevalidate;

/** The popup list, filtered by the top-bar search (title or id). */
export default function AdminPopupList({ loaderData }: Route.ComponentProps) {
  const { run, busy } = usePopupActions();
  const [deleting, setDeleting] = useState<Popup>();
  const term = useAdminSearch().toLowerCase();
  const shown = loaderData.popups.filter(
    (p) => !term || p.title.toLowerCase().includes(term) || p._id.includes(term),
  );

  return (
    <>
      <ListHeader
        title="Popups"
        loading={busy}
        createTo="/admin/dashboard/popups/create"
        createLabel="Create New Popup"
      />
      {loaderData.popups.length === 0 ? (
        <p className="card mt-6 text-center font-semibold text-muted">{POPUP_ADMIN_TEXTS.none}</p>
      ) : shown.length === 0 ? (
        <p className="card mt-6 text-center font-semibold text-muted">{POPUP_ADMIN_TEXTS.noMatch(term)}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" aria-busy={busy}>
          {shown.map((popup) => (
            <PopupRow
              key={popup._id}
              popup={popup}
              onToggle={(p) => void run(p.activated ? "deactivate" : "activate", { id: p._id })}
              onDelete={(p) => !busy && setDeleting(p)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={POPUP_ADMIN_TEXTS.confirmDeleteTitle}
        message={POPUP_ADMIN_TEXTS.confirmDelete(deleting?.title ?? "")}
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (deleting) await run("remove", { id: deleting._id });
          setDeleting(undefined);
        }}
      />
    </>
  );
}
