import { useCallback, useId, useRef } from "react";
import { useFocusTrap } from "~/lib/focus-trap";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** While the confirmed action runs: both buttons stay focusable but do nothing. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before a destructive action such as 'Delete', in a `role="alertdialog"`.
 * Focus starts on 'Cancel' (the safe choice), stays inside, Escape cancels, and focus returns to
 * the control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return <OpenConfirmDialog {...props} />;
}

function OpenConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const latest = useRef({ busy, onCancel });
  latest.current = { busy, onCancel };
  const cancel = useCallback(() => {
    if (!latest.current.busy) latest.current.onCancel();
  }, []);
  useFocusTrap(panel, cancel);

  return (
    <div className="overlay-fade fixed inset-0 z-[60] flex items-end justify-center bg-black/60 p-4 sm:items-center">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        aria-busy={busy}
        className="card w-full max-w-sm"
      >
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        <p id={`${id}-message`} className="mt-2 text-muted">
          {message}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={cancel}
            aria-disabled={busy}
            data-autofocus
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
