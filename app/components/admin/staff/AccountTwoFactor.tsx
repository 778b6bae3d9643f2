import {
  type SecuritySettings,
  TWO_FACTOR_MESSAGES as T,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "@common/staff/two-factor";
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useSubmit } from "react-router";
import { TextField } from "~/components/admin/Field";
import { FormMessage } from "~/components/enquiry/FormParts";
import { type Answer, useAnswer, useSettledAnswer } from "~/lib/action-answer";
import { useMessages } from "~/lib/messages";
import { Loading } from "../Loading";
import { useSudoRetry } from "./AccountSudo";

export type TwoFactorAnswer = Answer<{ enrolment?: TwoFactorEnrolment; recoveryCodes?: string[] }>;

/** The recovery codes, shown once: after enrolling, after new ones, and with a first passkey. */
export function RecoveryCodes({ codes, intro = T.recoveryIntro }: { codes: string[]; intro?: string }) {
  return (
    <div className="card flex flex-col gap-2 p-4">
      <h3 className="font-bold">{T.recoveryHeading}</h3>
      <p className="text-sm text-muted">{intro}</p>
      <ul className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Account' → 'Two-factor sign-in': set it up (QR code drawn on the server as SVG, the key as
 * text, confirmed with a code), the recovery codes shown once, new codes, and turning it off.
 * Every form is a plain post to the page's action (React Router's Form): without JavaScript the
 * page drawn after it shows `answer` (the action's answer for this section). Setting it up is
 * sudo mode's: while the session has not confirmed lately (`sudoFresh`), its form asks for the
 * password; with JavaScript a refusal asking for it opens 'Confirm your password' instead.
 * `hasPasskey`: a passkey-only account's recovery codes are made new here too.
 */
export function AccountTwoFactor({
  status,
  sudoFresh,
  hasPasskey,
  answer,
}: {
  status: TwoFactorStatus;
  sudoFresh: boolean;
  hasPasskey: boolean;
  answer?: TwoFactorAnswer;
}) {
  const { add } = useMessages();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy =
    navigation.state !== "idle" && String(navigation.formData?.get("intent")).startsWith("two-factor");
  const settled = useSettledAnswer(answer);
  // The page drawn after a plain post starts from its answer (shown with or without JavaScript).
  const drawnWith = useRef(settled);
  const [enrolment, setEnrolment] = useState(settled?.ok ? settled.enrolment : undefined);
  const [codes, setCodes] = useState(settled?.ok ? settled.recoveryCodes : undefined);
  const [error, setError] = useState(settled && !settled.ok ? settled.error : undefined);
  const [note] = useState(settled?.ok ? settled.message : undefined);
  // A refusal asking for the password opens 'Confirm your password' and sends the same again.
  const sudo = useSudoRetry(
    useMemo(
      () => ({
        submit: (form: FormData, options: { method: "post" }) =>
          submit(form, { ...options, replace: true, preventScrollReset: true }),
      }),
      [submit],
    ),
  );
  useEffect(() => {
    if (!settled || settled === drawnWith.current) return;
    drawnWith.current = settled;
    if (!settled.ok) {
      if (!sudo.refused(settled)) setError(settled.error);
      return;
    }
    setError(undefined);
    if (settled.enrolment) setEnrolment(settled.enrolment);
    if (settled.recoveryCodes) {
      setCodes(settled.recoveryCodes);
      setEnrolment(undefined);
    }
    if (settled.message) add(settled.message, "success");
  }, [settled, sudo, add]);
  useEffect(() => {
    if (!status.enabled && !hasPasskey) setCodes((shown) => (enrolment ? shown : undefined));
  }, [status.enabled, hasPasskey, enrolment]);
  const guard = (event: FormEvent<HTMLFormElement>) => (busy ? event.preventDefault() : sudo.remember(event));
  const withCodes = status.enabled || hasPasskey;

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
        {withCodes && ` ${T.recoveryLeft(status.recoveryCodesLeft)}`}
      </p>
      <FormMessage message={error} live="assertive" testId="two-factor-error" />
      {note && (
        <p role="status" className="font-semibold text-brand">
          {note}
        </p>
      )}

      {codes && <RecoveryCodes codes={codes} />}

      {!status.enabled && !enrolment && (
        <Form
          method="post"
          replace
          preventScrollReset
          noValidate
          className="flex flex-col gap-4"
          onSubmit={guard}
        >
          <input type="hidden" name="intent" value="two-factor-start" />
          {!sudoFresh && (
            <TextField
              id="two-factor-start-password"
              label={T.password}
              hint={T.startPasswordHint}
              name="password"
              type="password"
              autoComplete="current-password"
            />
          )}
          <button type="submit" className="btn btn-primary self-start" aria-disabled={busy}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            {T.start}
          </button>
        </Form>
      )}

      {!status.enabled && enrolment && (
        <Form
          method="post"
          replace
          preventScrollReset
          noValidate
          className="card flex flex-col gap-4 p-4"
          onSubmit={guard}
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
        </Form>
      )}

      {withCodes && (
        <Form method="post" replace preventScrollReset onSubmit={guard}>
          <input type="hidden" name="intent" value="two-factor-recovery" />
          <button type="submit" className="btn btn-ghost" aria-disabled={busy}>
            <RefreshCw aria-hidden="true" className="size-5" />
            {T.regenerate}
          </button>
        </Form>
      )}
      {status.enabled && (
        <Form
          method="post"
          replace
          preventScrollReset
          noValidate
          className="card flex flex-col gap-4 p-4"
          aria-labelledby="two-factor-disable"
          onSubmit={guard}
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
        </Form>
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
