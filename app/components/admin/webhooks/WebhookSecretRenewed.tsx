import { WEBHOOK_MESSAGES } from "@common/webhooks/webhooks";
import { ukTime } from "~/lib/uk-time";

/**
 * On an endpoint `npm run secrets:rotate -- --renew` gave a secret nobody has seen: since when,
 * and what the Owner does (rotate it to see one, give it to the receiver). Nothing otherwise.
 */
export function WebhookSecretRenewed({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <p className="text-sm font-semibold" data-testid="webhook-secret-renewed">
      {WEBHOOK_MESSAGES.secretRenewed(ukTime(at))}
    </p>
  );
}
