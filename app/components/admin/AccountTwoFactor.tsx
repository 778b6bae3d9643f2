import {
  type SecuritySettings,
  TWO_FACTOR_MESSAGES as T,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "@common/two-factor";
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/admin/Field";
import { FormMessage } from "~/components/enquiry/FormParts";
import { type Answer, useAnswer } from "~/lib/action-answer";
import { useMessages } from "~/lib/messages";
import { useSudoRetry } from "./AccountSudo";
import { Loading } from "./Loading";

type TwoFactorAnswer = Answer<{ enrolment?: TwoFactorEnrolment; recoveryCodes?: string[] }>;

/**
 * 'Account' → 'Two-factor sign-in': set it up (QR code drawn on the server as SVG, the key as
 * text, confirmed with a code), the recovery codes shown once, new codes, and turning it off.
 */
export function AccountTwoFactor({ status }: { status: TwoFactorStatus }) {
  const fetcher = useFetcher<TwoFactorAnswer>();
  const { add } = useMessages();
  const busy = fetcher.state !== "idle";
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  // Turning it off and new recovery codes ask for the password first when it is not fresh.
  const sudo = useSudoRetry(fetcher);
  useAnswer(fetcher, {
    ok: (answer) => {
      setError(undefined);
      if (answer.enrolment) setEnrolment(answer.enrolment);
      if (answer.recoveryCodes) {
        setCodes(answer.recoveryCodes);
        setEnrolment(undefined);
      }
      if (answer.message) add(answer.message, "success");
    },
    refused: (answer) => {
      if (!sudo.refused(answer)) setError(answer.error);
    },
  });
  useEffect(() => {
    if (!status.enabled) setCodes((shown) => (enrolment ? shown : undefined));
  }, [status.enabled, enrolment]);

  return (
    <section aria-labelledby="account-two-factor" id="two-factor" className="mt-10 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <h2 id="account-two-factor" className="h-card">
          {T.heading}
        </h2>
        {busy && <Loading />}
      </div>
      {status.enrolmentDue && (
        <p role="alert" className="card border-2 border-brand p-4 font-semibold">
          {T.enrolmentDueScreen}
        </p>
      )}
      <p className="text-muted">{T.intro}</p>
      <p className="font-semibold" data-testid="two-factor-state">
        {status.enabled ? T.on : T.off}
        {status.enabled && ` ${T.recoveryLeft(status.recoveryCodesLeft)}`}
      </p>
      <FormMessage message={error} live="assertive" testId="two-factor-error" />

      {codes && (
        <div className="card flex flex-col gap-2 p-4">
          <h3 className="font-bold">{T.recoveryHeading}</h3>
          <p className="text-sm text-muted">{T.recoveryIntro}</p>
          <ul className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}

      {!status.enabled && !enrolment && (
        <fetcher.Form method="post" onSubmit={(event) => busy && event.preventDefault()}>
          <input type="hidden" name="intent" value="two-factor-start" />
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            {T.start}
          </button>
        </fetcher.Form>
      )}

      {!status.enabled && enrolment && (
        <fetcher.Form
          method="post"
          noValidate
          className="card flex flex-col gap-4 p-4"
          onSubmit={(event) => busy && event.preventDefault()}
        >
          <p>{T.scan}</p>
          <div
            role="img"
            aria-label={T.qrLabel}
            className="size-52 rounded bg-white p-1 [&>svg]:size-full"
            // The server drew it (qrcode's SVG of the otpauth:// URI): no third party sees the key.
            dangerouslySetInnerHTML={{ __html: enrolment.svg }}
          />
          <p className="flex flex-col gap-1">
            <span className="font-semibold">{T.manualKey}</span>
            <code className="break-all font-mono" data-testid="two-factor-secret">
              {enrolment.secret}
            </code>
          </p>
          <input type="hidden" name="intent" value="two-factor-confirm" />
          <TextField
            id="two-factor-code"
            label={T.code}
            hint={T.codeHint}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <button type="submit" className="btn btn-primary self-start" aria-disabled={busy}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            {T.confirm}
          </button>
        </fetcher.Form>
      )}

      {status.enabled && (
        <>
          <fetcher.Form
            method="post"
            onSubmit={(event) => (busy ? event.preventDefault() : sudo.remember(event))}
          >
            <input type="hidden" name="intent" value="two-factor-recovery" />
            <button type="submit" className="btn btn-ghost" aria-disabled={busy}>
              <RefreshCw aria-hidden="true" className="size-5" />
              {T.regenerate}
            </button>
          </fetcher.Form>
          <fetcher.Form
            method="post"
            noValidate
            className="card flex flex-col gap-4 p-4"
            aria-labelledby="two-factor-disable"
            onSubmit={(event) => (busy ? event.preventDefault() : sudo.remember(event))}
          >
            <h3 id="two-factor-disable" className="font-bold">
              {T.disableHeading}
            </h3>
            <p className="text-sm text-muted">{T.disableIntro}</p>
            <input type="hidden" name="intent" value="two-factor-disable" />
            <TextField
              id="two-factor-off-password"
              label={T.password}
              name="password"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              id="two-factor-off-code"
              label={T.code}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <button type="submit" className="btn btn-ghost self-start" aria-disabled={busy}>
              <ShieldOff aria-hidden="true" className="size-5" />
              {T.disable}
            </button>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}

/** The Owner's 'Security' setting: require two-factor sign-in (or a passkey) for every account. */
export function AccountSecurity({ settings }: { settings: SecuritySettings }) {
  const fetcher = useFetcher<Answer>();
  const { add } = useMessages();
  const busy = fetcher.state !== "idle";
  const sudo = useSudoRetry(fetcher);
  useAnswer(fetcher, {
    ok: ({ message }) => message && add(message, "success"),
    refused: (answer) => sudo.refused(answer) || add(answer.error, "error"),
  });
  return (
    <section aria-labelledby="account-security" id="security" className="mt-10 flex flex-col gap-3">
      <h2 id="account-security" className="h-card">
        {T.requireHeading}
      </h2>
      <fetcher.Form
        method="post"
        className="card flex flex-col gap-4 p-4"
        onSubmit={(event) => (busy ? event.preventDefault() : sudo.remember(event))}
      >
        <input type="hidden" name="intent" value="security-save" />
        <div className="flex items-start gap-3">
          <input
            id="security-require"
            type="checkbox"
            name="requireTwoFactor"
            defaultChecked={settings.requireTwoFactor}
            aria-describedby="security-require-hint"
            className="mt-1 size-5"
          />
          <div>
            <label htmlFor="security-require" className="font-semibold">
              {T.requireLabel}
            </label>
            <p id="security-require-hint" className="text-sm text-muted">
              {T.requireHint}
            </p>
          </div>
        </div>
        <button type="submit" className="btn btn-primary self-start" aria-disabled={busy}>
          <KeyRound aria-hidden="true" className="size-5" />
          {T.requireSave}
        </button>
      </fetcher.Form>
    </section>
  );
}
