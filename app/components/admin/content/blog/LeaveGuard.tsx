import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";

/**
 * Leaving a blog form (or its preview) with unsaved changes asks first: in-app navigation with
 * the confirm dialog, closing or reloading the tab with the browser's own prompt. Leaving on
 * purpose calls `onLeave` (which discards the draft). `allowed` paths (the preview, the way
 * back) never ask.
 */
export function LeaveGuard({
  when,
  allowed,
  onLeave,
}: {
  when: boolean;
  allowed: string[];
  onLeave(): void;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && nextLocation.pathname !== currentLocation.pathname && !allowed.includes(nextLocation.pathname),
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={BLOG_MESSAGES.dialogs.leaveTitle}
      message={BLOG_MESSAGES.dialogs.leaveMessage}
      confirmLabel={BLOG_MESSAGES.dialogs.leaveConfirm}
      onConfirm={() => {
        onLeave();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    />
  );
}
