import { WEBHOOK_MESSAGES } from "@common/webhooks/webhooks";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WebhookSecretRenewed } from "./WebhookSecretRenewed";

describe("an endpoint whose secret secrets:rotate --renew made anew, on Integrations", () => {
  it("says since when (UK time) and that rotating shows the new secret; nothing for any other endpoint", () => {
    const html = renderToStaticMarkup(<WebhookSecretRenewed at="2026-07-01T08:30:00.000Z" />);
    expect(html).toContain(WEBHOOK_MESSAGES.secretRenewed("1 Jul 2026, 09:30").replace(/'/g, "&#x27;"));
    expect(html).toContain("Rotate the secret to see it");
    expect(renderToStaticMarkup(<WebhookSecretRenewed at={null} />)).toBe("");
  });
});
