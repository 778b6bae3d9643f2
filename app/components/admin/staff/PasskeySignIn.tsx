import { PASSKEY_MESSAGES } from "@common/staff/passkeys";
import { TOAST_MS } from "@common/ui";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { FingerprintPattern } from "lucide-react";
import { useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import { type Answer, useAnswer } from "~/lib/action-answer";
import { useMessages } from "~/lib/messages";
import { getPasskey } from "~/lib/staff/webauthn-client";

/**
 * The login screen's 'Sign in with a passkey': no e-mail asked (the passkey names its account).
 * The sign-in options come from the screen's action, the browser asks for the passkey, and the
 * answer is posted to the action, which makes the session and goes to the dashboard.
 */
export function PasskeySignIn({ busy }: { busy: boolean }) {
  const options = useFetcher<Answer<{ options?: PublicKeyCredentialRequestOptionsJSON }>>();
  const submit = useSubmit();
  const { add } = useMessages();
  const [waiting, setWaiting] = useState(false);
  const working = busy || waiting || options.state !== "idle";
  useAnswer(options, {
    ok: async ({ options: request }) => {
      if (!request) return;
      setWaiting(true);
      const used = await getPasskey(request);
      setWaiting(false);
      if (!used.ok) return add(used.error, "error", TOAST_MS);
      submit(
        { intent: "passkey", response: JSON.stringify(used.response) },
        { method: "post", replace: true },
      );
    },
    refused: ({ error }) => add(error, "error", TOAST_MS),
  });

  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {PASSKEY_MESSAGES.or}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </p>
      <button
        type="button"
        className="btn btn-ghost w-full"
        aria-disabled={working}
        onClick={() => {
          if (!working) options.submit({ intent: "passkey-options" }, { method: "post" });
        }}
      >
        <FingerprintPattern aria-hidden="true" className="size-5" />
        {PASSKEY_MESSAGES.signIn}
      </button>
      {waiting && (
        <p role="status" className="text-sm text-muted">
          {PASSKEY_MESSAGES.signingIn}
        </p>
      )}
    </div>
  );
}
