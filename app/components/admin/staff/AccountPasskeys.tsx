import { PASSKEY_LIMITS, PASSKEY_MESSAGES, type PasskeyListing } from "@common/staff/passkeys";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { FingerprintPattern, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/admin/Field";
import { type Answer, useAnswer } from "~/lib/action-answer";
import { useMessages } from "~/lib/messages";
import { createPasskey } from "~/lib/staff/webauthn-client";
import { ukTime } from "~/lib/uk-time";
import { Loading } from "../Loading";
import { useSudoRetry } from "./AccountSudo";
import { RecoveryCodes } from "./AccountTwoFactor";

const cellLabel = "text-xs font-semibold text-muted";

/**
 * 'Account' → 'Passkeys': the account's passkeys (name, added, last used) with 'Remove' for each,
 * and 'Add a passkey': the server's options, the browser's ceremony, the answer checked and kept.
 * Answers come as messages.
 */
export function AccountPasskeys({ passkeys }: { passkeys: PasskeyListing[] }) {
  const options = useFetcher<Answer<{ registration?: PublicKeyCredentialCreationOptionsJSON }>>();
  const save = useFetcher<Answer<{ recoveryCodes?: string[] }>>();
  // A first passkey's recovery codes (no authenticator app): shown once, here.
  const [codes, setCodes] = useState<string[]>();
  const remove = useFetcher<Answer>();
  const { add } = useMessages();
  const name = useRef<HTMLInputElement>(null);
  const [waiting, setWaiting] = useState(false);
  const busy = waiting || options.state !== "idle" || save.state !== "idle" || remove.state !== "idle";
  // Adding (its options) and removing ask for the password first when it is not fresh.
  const sudoOptions = useSudoRetry(options);
  const sudoRemove = useSudoRetry(remove);
  useAnswer(remove, {
    ok: ({ message }) => message && add(message, "success"),
    refused: (answer) => sudoRemove.refused(answer) || add(answer.error, "error"),
  });
  useAnswer(save, {
    ok: ({ message, recoveryCodes }) => {
      if (recoveryCodes) setCodes(recoveryCodes);
      if (message) add(message, "success");
      if (name.current) name.current.value = "";
    },
    refused: ({ error }) => add(error, "error"),
  });
  useAnswer(options, {
    ok: async ({ registration }) => {
      if (!registration) return;
      setWaiting(true);
      const made = await createPasskey(registration);
      setWaiting(false);
      if (!made.ok) return add(made.error, "error");
      save.submit(
        {
          intent: "passkey-register",
          response: JSON.stringify(made.response),
          name: name.current?.value ?? "",
        },
        { method: "post" },
      );
    },
    refused: (answer) => sudoOptions.refused(answer) || add(answer.error, "error"),
  });

  return (
    <section aria-labelledby="account-passkeys" className="mt-10 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <h2 id="account-passkeys" className="h-card">
          {PASSKEY_MESSAGES.heading}
        </h2>
        {busy && <Loading />}
      </div>
      <p className="text-muted">{PASSKEY_MESSAGES.intro}</p>
      {codes && <RecoveryCodes codes={codes} intro={PASSKEY_MESSAGES.recoveryIntro} />}
      {passkeys.length === 0 ? (
        <p data-testid="passkeys-none">{PASSKEY_MESSAGES.none}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-busy={busy}>
          {passkeys.map((passkey) => {
            const nameId = `passkey-${passkey.id}`;
            return (
              <li key={passkey.id} className="card flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
                <p className="min-w-0 flex-1 basis-full break-words font-bold sm:basis-48" id={nameId}>
                  {passkey.name}
                </p>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div>
                    <dt className={cellLabel}>{PASSKEY_MESSAGES.created}</dt>
                    <dd>
                      <time dateTime={passkey.createdAt}>{ukTime(passkey.createdAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className={cellLabel}>{PASSKEY_MESSAGES.lastUsed}</dt>
                    <dd>
                      {passkey.lastUsedAt ? (
                        <time dateTime={passkey.lastUsedAt}>{ukTime(passkey.lastUsedAt)}</time>
                      ) : (
                        PASSKEY_MESSAGES.neverUsed
                      )}
                    </dd>
                  </div>
                </dl>
                <remove.Form method="post" className="ml-auto" onSubmit={sudoRemove.remember}>
                  <input type="hidden" name="intent" value="passkey-remove" />
                  <input type="hidden" name="id" value={passkey.id} />
                  <button
                    type="submit"
                    className="btn btn-ghost"
                    aria-label={PASSKEY_MESSAGES.removeLabel(passkey.name)}
                    aria-disabled={busy}
                    onClick={(event) => busy && event.preventDefault()}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                    {PASSKEY_MESSAGES.remove}
                  </button>
                </remove.Form>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="card flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          sudoOptions.send({ intent: "passkey-options" });
        }}
      >
        <TextField
          id="passkey-name"
          label={PASSKEY_MESSAGES.nameLabel}
          hint={PASSKEY_MESSAGES.nameHint}
          ref={name}
          name="name"
          type="text"
          maxLength={PASSKEY_LIMITS.name}
          autoComplete="off"
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <FingerprintPattern aria-hidden="true" className="size-5" />
            {PASSKEY_MESSAGES.add}
          </button>
          {waiting && <p role="status">{PASSKEY_MESSAGES.adding}</p>}
        </div>
      </form>
    </section>
  );
}
