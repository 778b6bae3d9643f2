import { QUOTE_MESSAGES } from "@common/pipeline/quotes";
import { STAGE_MESSAGES } from "@common/pipeline/stages";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { describe, expect, it } from "vitest";
import { PIPELINE_SETTINGS_TEXTS as T } from "~/lib/pipeline/pipeline-texts";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./pipeline-settings";

const statusOf = (answer: unknown) =>
  (answer as { init?: { status?: number }; status?: number } | null)?.init?.status ??
  (answer as { status?: number } | null)?.status ??
  200;
const bodyOf = (answer: unknown) =>
  ((answer as { data?: unknown }).data ?? answer) as { ok: boolean; message?: string; error?: string };

type Loaded = Awaited<ReturnType<typeof loader>>;

/** 'Price list and reasons' (issue 49): the Owner edits, the Desk reads, the Editor is refused; without JavaScript. */
describe.each(TEST_DATABASES)("the pipeline's settings screen on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const SCREEN = "http://localhost/admin/dashboard/pipeline-settings";
  const load = (cookie: string) =>
    loader({
      request: new Request(SCREEN, { headers: { cookie } }),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown) as Promise<Loaded | Response>;
  const post = (cookie: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return action({
      request: new Request(SCREEN, { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown);
  };
  const cookieOf = async (role: "owner" | "desk" | "editor") =>
    `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, role)}`;

  it("lets the Owner add and change a service of the price list (pounds read without floats), archive it", async () => {
    const owner = await cookieOf("owner");
    const bad = await post(owner, {
      intent: "service-add",
      name: "Skip hire",
      unit: "load",
      price: "12.345",
    });
    expect([statusOf(bad), bodyOf(bad).error]).toEqual([400, QUOTE_MESSAGES.unitPrice]);
    const noName = await post(owner, { intent: "service-add", name: " ", unit: "load", price: "12" });
    expect([statusOf(noName), bodyOf(noName).error]).toEqual([400, QUOTE_MESSAGES.serviceName]);
    const added = await post(owner, {
      intent: "service-add",
      name: "Food waste collection (240 l)",
      unit: "collection",
      price: "18.50",
      vat: "standard",
    });
    expect(bodyOf(added)).toEqual({ ok: true, message: T.serviceAdded("Food waste collection (240 l)") });
    const page = (await load(owner)) as Loaded;
    const service = page.services.find((s) => s.name === "Food waste collection (240 l)");
    expect(service).toMatchObject({
      unit: "collection",
      unitPricePence: 1850,
      vatRate: "standard",
      archived: false,
    });
    expect(page.canEdit).toBe(true);
    const saved = await post(owner, {
      intent: "service-save",
      id: service?.id ?? "",
      name: "Compost",
      unit: "tonne",
      price: "1,200.05",
      vat: "zero",
      archived: "on",
    });
    expect(bodyOf(saved)).toEqual({ ok: true, message: T.serviceSaved("Compost") });
    const after = ((await load(owner)) as Loaded).services.find((s) => s.id === service?.id);
    expect(after).toMatchObject({
      name: "Compost",
      unit: "tonne",
      unitPricePence: 120_005,
      vatRate: "zero",
      archived: true,
    });
    // An archived service is no longer offered to a quote's lines.
    const desk = {
      ...(await api.app.services.accounts.findByEmail("staff-desk@example.co.uk")),
      role: "desk" as const,
    };
    expect((await api.app.services.quotes.services(desk)).some((s) => s.id === service?.id)).toBe(false);
  });

  it("lets the Owner add, archive and restore a lost reason; the Desk's 'Stage' offers only what is not archived", async () => {
    const owner = await cookieOf("owner");
    const added = await post(owner, { intent: "reason-add", label: "Site closed" });
    expect(bodyOf(added)).toEqual({ ok: true, message: T.reasonAdded("Site closed") });
    const twice = await post(owner, { intent: "reason-add", label: "site closed" });
    expect([statusOf(twice), bodyOf(twice).error]).toEqual([409, STAGE_MESSAGES.reasonExists]);
    const archived = await post(owner, { intent: "reason-archive", id: "price" });
    expect(bodyOf(archived)).toEqual({ ok: true, message: T.archivedReason("Price") });
    const offered = await api.app.services.stages.reasons();
    expect(offered.map((r) => r.id)).toContain("site-closed");
    expect(offered.map((r) => r.id)).not.toContain("price");
    const page = (await load(owner)) as Loaded;
    expect(page.reasons.find((r) => r.id === "price")).toMatchObject({ archived: true });
    expect(page.reasons.some((r) => r.id === "closed")).toBe(false);
    const restored = await post(owner, { intent: "reason-restore", id: "price" });
    expect(bodyOf(restored)).toEqual({ ok: true, message: T.restoredReason("Price") });
    expect((await api.app.services.stages.reasons()).map((r) => r.id)).toContain("price");
  });

  it("lets the Owner publish the quotes' terms, which the next quote takes", async () => {
    const owner = await cookieOf("owner");
    const empty = await post(owner, { intent: "terms-publish", terms: "  " });
    expect(statusOf(empty)).toBe(400);
    const published = await post(owner, {
      intent: "terms-publish",
      terms: "Payment within 14 days of invoice.",
    });
    expect(bodyOf(published)).toEqual({ ok: true, message: T.termsPublished });
    expect(((await load(owner)) as Loaded).terms).toBe("Payment within 14 days of invoice.");
    const desk = {
      ...(await api.app.services.accounts.findByEmail("staff-desk@example.co.uk")),
      role: "desk" as const,
    };
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const quote = await api.app.services.quotes.create(
      id,
      {
        lines: [
          {
            description: "Collection",
            quantityThousandths: 1000,
            unit: "collection",
            unitPricePence: 100,
            vatRate: "standard",
          },
        ],
        discount: { kind: "none" },
      },
      desk,
    );
    expect(quote.terms).toBe("Payment within 14 days of invoice.");
  });

  it("shows the Desk the lists to read, refuses the Desk's changes and the Editor everything", async () => {
    const desk = await cookieOf("desk");
    const page = (await load(desk)) as Loaded;
    expect(page.canEdit).toBe(false);
    expect(page.reasons.length).toBeGreaterThan(0);
    expect(typeof page.terms).toBe("string");
    const before = page.services.length;
    const refused = await post(desk, { intent: "service-add", name: "Desk's own", unit: "load", price: "1" });
    expect(statusOf(refused)).toBe(403);
    const termsRefused = await post(desk, { intent: "terms-publish", terms: "Desk's terms" });
    expect(statusOf(termsRefused)).toBe(403);
    expect(((await load(desk)) as Loaded).services).toHaveLength(before);
    expect(((await load(desk)) as Loaded).terms).not.toBe("Desk's terms");

    const editor = await cookieOf("editor");
    const editorPage = await load(editor);
    expect(statusOf(editorPage)).toBe(403);
    expect(statusOf(await post(editor, { intent: "reason-add", label: "Editor's reason" }))).toBe(403);
    expect((await api.app.services.stages.reasons(true)).some((r) => r.label === "Editor's reason")).toBe(
      false,
    );
  });
});
