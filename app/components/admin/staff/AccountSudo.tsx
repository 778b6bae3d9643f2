import { SUDO_MESSAGES as S } from "@common/staff/sudo";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { FingerprintPattern, KeyRound } from "lucide-react";
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/admin/Field";
import { FormMessage } from "~/components/enquiry/FormParts";
import { type Answer, type Refused, useAnswer } from "~/lib/action-answer";
import { useFocusTrap } from "~/lib/focus-trap";
import { getPasskey } from "~/lib/staff/webauthn-client";
import { Loading } from "../Loading";

/** Asks for the password again, then runs `retry` (the guarded action, sent again). */
const SudoContext = createContext<(retry: () => void) => void>(() => {});

/**
 * Sudo mode on 'Account': a guarded action the server refuses with `sudo: true` opens
 * 'Confirm your password'; once confirmed, the action is sent again and goes ahead.
 * `codeAllowed`: two-factor sign-in is on, so a current code may stand in for the password;
 * `passkeyAllowed`: a passkey the account had before this session signed in may too.
 */
export function SudoProvider({
  codeAllowed,
  passkeyAllowed = false,
  children,
}: {
  codeAllowed: boolean;
  passkeyAllowed?: boolean;
  children: ReactNode;
}) {
  const [retry, setRetry] = useState<() => void>();
  const ask = useCallback((next: () => void) => setRetry(() => next), []);
  return (
    <SudoContext.Provider value={ask}>
      {children}
      {retry && (
        <SudoDialog
          codeAllowed={codeAllowed}
          passkeyAllowed={passkeyAllowed}
          onCancel={() => setRetry(undefined)}
          onConfirmed={() => {
            setRetry(undefined);
            retry();
          }}
        />
      )}
    </SudoContext.Provider>
  );
}

type Submitter = { submit(target: FormData, options: { method: "post" }): unknown };

/**
 * For a guarded action's fetcher: `remember` keeps what a form sends (its onSubmit) or `send`
 * sends it; `refused` answers true when the refusal asked for the password (the dialog opens and
 * sends the same again once confirmed) and false for any other refusal.
 */
export function useSudoRetry(fetcher: Submitter) {
  const ask = useContext(SudoContext);
  const last = useRef<FormData>(undefined);
  return useMemo(
    () => ({
      remember(event: FormEvent<HTMLFormElement>) {
        last.current = new FormData(event.currentTarget);
      },
      send(fields: Record<string, string>) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        last.current = form;
        fetcher.submit(form, { method: "post" });
      },
      refused(answer: Refused & { sudo?: boolean }): boolean {
        const sent = last.current;
        if (!answer.sudo || !sent) return false;
        ask(() => fetcher.submit(sent, { method: "post" }));
        return true;
      },
    }),
    [ask, fetcher],
  );
}

/**
 * 'Confirm your password': 'Password' (or 'Authentication code'), 'Confirm' or 'Cancel'; with
 * `passkeyAllowed`, 'Use a passkey' too (the browser asks for it; the page's action checks it).
 */
function SudoDialog({
  codeAllowed,
  passkeyAllowed,
  onCancel,
  onConfirmed,
}: {
  codeAllowed: boolean;
  passkeyAllowed: boolean;
  onCancel(): void;
  onConfirmed(): void;
}) {
  const fetcher = useFetcher<Answer>();
  const passkey = useFetcher<Answer<{ options?: PublicKeyCredentialRequestOptionsJSON }>>();
  const [waiting, setWaiting] = useState(false);
  const busy = fetcher.state !== "idle" || passkey.state !== "idle" || waiting;
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const [error, setError] = useState<string>();
  const latest = useRef({ busy, onCancel });
  latest.current = { busy, onCancel };
  const cancel = useCallback(() => {
    if (!latest.current.busy) latest.current.onCancel();
  }, []);
  useFocusTrap(panel, cancel);
  useAnswer(fetcher, {
    ok: () => onConfirmed(),
    refused: (answer) => setError(answer.error),
  });
  useAnswer(passkey, {
    ok: async ({ options }) => {
      if (!options) return;
      setWaiting(true);
      const used = await getPasskey(options);
      setWaiting(false);
      if (!used.ok) return setError(used.error);
      fetcher.submit({ intent: "sudo-passkey", response: JSON.stringify(used.response) }, { method: "post" });
    },
    refused: (answer) => setError(answer.error),
  });

  return (
    <div className="overlay-fade fixed inset-0 z-[60] flex items-end justify-center bg-black/60 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        aria-busy={busy}
        className="card w-full max-w-sm"
      >
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {S.heading}
        </h2>
        <p id={`${id}-intro`} className="mt-2 text-muted">
          {S.intro}
        </p>
        <fetcher.Form
          method="post"
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => busy && event.preventDefault()}
          onChange={() => setError(undefined)}
        >
          <input type="hidden" name="intent" value="sudo-confirm" />
          <TextField
            id={`${id}-password`}
            label={S.password}
            name="password"
            type="password"
            autoComplete="current-password"
            data-autofocus
          />
          {codeAllowed && (
            <TextField
              id={`${id}-code`}
              label={S.code}
              hint={S.codeHint}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          )}
          <FormMessage message={error} live="assertive" testId="sudo-error" />
          {passkeyAllowed && (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted">{S.passkeyOr}</p>
              <button
                type="button"
                className="btn btn-ghost self-start"
                aria-disabled={busy}
                onClick={() => {
                  if (busy) return;
                  setError(undefined);
                  passkey.submit({ intent: "sudo-passkey-options" }, { method: "post" });
                }}
              >
                <FingerprintPattern aria-hidden="true" className="size-5" />
                {S.passkey}
              </button>
              {waiting && <p role="status">{S.passkeyWaiting}</p>}
            </div>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {busy && <Loading />}
            <button type="button" className="btn btn-ghost" onClick={cancel} aria-disabled={busy}>
              {S.cancel}
            </button>
            <button type="submit" className="btn btn-primary" aria-disabled={busy}>
              <KeyRound aria-hidden="true" className="size-5" />
              {S.confirm}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </div>
  );
}
