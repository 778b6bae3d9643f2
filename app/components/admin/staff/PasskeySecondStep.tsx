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
 * The password sign-in's second step with a passkey: 'Use your passkey' asks the screen's action
 * for options made for this pending sign-in (only the account's passkeys), the browser asks for
 * the passkey, and the answer is posted to the action, which makes the session.
 */
export function PasskeySecondStep({
  pending,
  methods,
  busy,
}: {
  pending: string;
  methods: string;
  busy: boolean;
}) {
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
        { intent: "passkey-second", pending, methods, response: JSON.stringify(used.response) },
        { method: "post", replace: true },
      );
    },
    refused: ({ error }) => add(error, "error", TOAST_MS),
  });

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className="btn btn-primary w-full"
        aria-disabled={working}
        onClick={() => {
          if (!working) options.submit({ intent: "passkey-second-options", pending }, { method: "post" });
        }}
      >
        <FingerprintPattern aria-hidden="true" className="size-5" />
        {PASSKEY_MESSAGES.useForSecondStep}
      </button>
      {waiting && (
        <p role="status" className="text-sm text-muted">
          {PASSKEY_MESSAGES.signingIn}
        </p>
      )}
    </div>
  );
}
