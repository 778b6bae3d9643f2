import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../common/webhooks/webhooks";
import { adminContext, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { waitForHydration } from "./browser";

setUpBrowser();

const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("thanks from the CRM");
  });
});
let receiverUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

describe("Integrations", () => {
  it("lets the Owner add an endpoint, see its secret once, send a test event and see it in the log", async () => {
    const { page } = await adminContext({ height: 1200 });
    await signIn(page);
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Integrations" })
      .click();
    await page.getByRole("heading", { level: 1, name: WEBHOOK_MESSAGES.title }).waitFor();
    await waitForHydration(page);

    await page.getByLabel(WEBHOOK_MESSAGES.url).fill(receiverUrl);
    await page.getByLabel(WEBHOOK_MESSAGES.description).fill("Our CRM");
    await page.getByRole("button", { name: WEBHOOK_MESSAGES.add }).click();
    await page.getByRole("status").filter({ hasText: WEBHOOK_MESSAGES.added }).waitFor();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const endpoint = page.getByRole("region", { name: receiverUrl });
    await endpoint.getByRole("button", { name: WEBHOOK_MESSAGES.sendTest }).click();
    await page.getByRole("status").filter({ hasText: WEBHOOK_MESSAGES.testQueued }).waitFor();
    // The secret is not shown again.
    expect(await page.getByText(secret).count()).toBe(0);

    // The outbox worker sends it; the log shows it delivered once reloaded.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [request] = received;
    const verified = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as { type: string };
    expect(verified.type).toBe("webhook.test");

    const log = () =>
      page
        .getByRole("table", { name: WEBHOOK_MESSAGES.deliveriesCaption(receiverUrl) })
        .getByRole("row")
        .filter({ hasText: "webhook.test" });
    await expect
      .poll(
        async () => {
          await page.reload();
          return log().textContent();
        },
        { timeout: 20_000 },
      )
      .toContain(`${WEBHOOK_MESSAGES.stateSent} (200)`);
    expect(await log().textContent()).toContain("thanks from the CRM");
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);

    // Deleted: the endpoint goes with its log.
    await page
      .getByRole("region", { name: receiverUrl })
      .getByRole("button", { name: WEBHOOK_MESSAGES.remove })
      .click();
    await page.getByRole("status").filter({ hasText: WEBHOOK_MESSAGES.removed }).waitFor();
    expect(await page.getByRole("region", { name: receiverUrl }).count()).toBe(0);
  });
});
