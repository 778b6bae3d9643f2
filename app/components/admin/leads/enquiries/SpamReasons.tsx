import { SPAM_MESSAGES } from "@common/admin-messages";
import { Inbox } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";

/**
 * A spam enquiry's card: why the spam check kept it (or that the hidden field caught it) and
 * 'Not spam', which moves it to the inbox and sends the mail it should have sent.
 */
export function SpamReasons({ reasons, busy }: { reasons: string[] | null; busy: boolean }) {
  return (
    <section className="card" aria-labelledby="enquiry-spam">
      <h2 id="enquiry-spam" className="h-card">
        {SPAM_MESSAGES.reasons}
      </h2>
      {reasons?.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="new" />
        <SubmitButton busy={busy} icon={Inbox}>
          {SPAM_MESSAGES.notSpam}
        </SubmitButton>
      </Form>
    </section>
  );
}
