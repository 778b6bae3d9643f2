import type { Popup } from "@common/content/popup";
import { Trash2 } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { popupRowTitle } from "~/lib/content/popup-admin";

interface PopupRowProps {
  popup: Popup;
  onToggle(popup: Popup): void;
  onDelete(popup: Popup): void;
}

/**
 * One row of the popup list: id, title (cut at 28), the Activated/Deactivated switch and the
 * 'Delete popup' icon. A click anywhere else on the row opens the edit screen; the title is the
 * same link for keyboard and screen-reader users.
 */
export function PopupRow({ popup, onToggle, onDelete }: PopupRowProps) {
  const navigate = useNavigate();
  const editPath = `/admin/dashboard/popups/${popup._id}`;
  const titleId = `popup-title-${popup._id}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title link inside is the keyboard route to the same screen
    <li
      className="card flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-3 p-4 hover:border-brand sm:flex-nowrap"
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest("a,button")) navigate(editPath);
      }}
    >
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
        <Link
          id={titleId}
          to={editPath}
          className="font-bold hover:text-brand hover:underline"
          title={popup.title}
        >
          {popupRowTitle(popup.title)}
        </Link>
        <p className="mt-0.5 font-mono text-xs break-words text-muted">{popup._id}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={popup.activated}
        aria-describedby={titleId}
        onClick={() => onToggle(popup)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-semibold"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border px-0.5 transition-colors ${popup.activated ? "bg-brand" : "bg-surface-2"}`}
        >
          <span
            className={`size-5 rounded-full shadow transition-transform ${popup.activated ? "translate-x-5 bg-on-brand" : "bg-muted"}`}
          />
        </span>
        {/* One width for both words: the switches line up down the list. */}
        <span className="min-w-[6.5rem] text-left">{popup.activated ? "Activated" : "Deactivated"}</span>
      </button>
      <button
        type="button"
        aria-label="Delete popup"
        aria-describedby={titleId}
        onClick={() => onDelete(popup)}
        className="icon-btn ml-auto text-[var(--color-danger)] sm:ml-0"
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </li>
  );
}
