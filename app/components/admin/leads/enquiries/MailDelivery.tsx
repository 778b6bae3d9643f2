import { INBOX_MESSAGES } from "@common/admin-messages";
import type { EnquiryDetail } from "@common/leads/enquiry-inbox";
import { RotateCw } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { ukTime } from "~/lib/uk-time";

const STATE_TONE = {
  pending: "text-accent",
  sent: "text-brand",
  failed: "text-[var(--color-danger)]",
} as const;

/** The notification's delivery record, with 'Retry now' once it has failed. */
export function MailDelivery({ mail, busy }: { mail: EnquiryDetail["mail"]; busy: boolean }) {
  if (!mail) return <p className="mt-2 text-muted">{INBOX_MESSAGES.mailNone}</p>;
  const rows: Array<[string, string | undefined]> = [
    [INBOX_MESSAGES.mailAttempts, String(mail.attempts)],
    [INBOX_MESSAGES.mailSentAt, mail.sentAt ? ukTime(mail.sentAt) : undefined],
    [INBOX_MESSAGES.mailNextAttempt, mail.nextAttemptAt ? ukTime(mail.nextAttemptAt) : undefined],
    [INBOX_MESSAGES.mailLastError, mail.lastError ?? undefined],
  ];
  return (
    <>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-muted">{INBOX_MESSAGES.mailState}</dt>
        <dd className={`font-bold ${STATE_TONE[mail.state]}`}>{INBOX_MESSAGES.mailStates[mail.state]}</dd>
        {rows.map(
          ([label, value]) =>
            value !== undefined && (
              <div key={label} className="contents">
                <dt className="font-semibold text-muted">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ),
        )}
      </dl>
      {mail.state === "failed" && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="retry" />
          <SubmitButton busy={busy} icon={RotateCw}>
            {INBOX_MESSAGES.retryMail}
          </SubmitButton>
        </Form>
      )}
    </>
  );
}
