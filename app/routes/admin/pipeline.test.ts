import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader as inboxLoader } from "./enquiries";
import { loader } from "./pipeline";

const SCREEN = "http://localhost/admin/dashboard/pipeline";
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The 'Pipeline' board (its loader as React Router calls it) on both databases. */
describe.each(TEST_DATABASES)("'Pipeline' board on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const load = async (role: "desk" | "editor") =>
    loader({
      request: new Request(SCREEN, {
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, role)}` },
      }),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown);

  it("shows a column for each stage, each enquiry in its own; spam in none", async () => {
    const moved = (
      await api.app.services.enquiries.submit("contact", { ...VALID_CONTACT, name: "Board Contacted" })
    ).id;
    await api.app.services.enquiries.submit("contact", { ...VALID_CONTACT, name: "Board New" });
    await api.app.services.enquiries.submit(
      "contact",
      { ...VALID_CONTACT, name: "Board Spam" },
      { spam: true },
    );
    await api.app.services.enquiries.setStatus(moved, "contacted");
    const board = (await load("desk")) as Awaited<ReturnType<typeof loader>>;
    expect(board.columns.map((c) => c.stage)).toEqual(["new", "contacted", "quoted", "won", "lost"]);
    const names = (stage: string) => board.columns.find((c) => c.stage === stage)?.rows.map((r) => r.name);
    expect(names("new")).toEqual(["Board New"]);
    expect(names("contacted")).toEqual(["Board Contacted"]);
    expect(names("quoted")).toEqual([]);
  });

  it("the inbox filters by stage, and keeps the stage in its filter", async () => {
    const cookie = `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, "desk")}`;
    const inbox = await inboxLoader({
      request: new Request("http://localhost/admin/dashboard/enquiries?stage=contacted", {
        headers: { cookie },
      }),
      context: context(),
      params: {},
    } as never);
    expect(inbox.filter.stage).toBe("contacted");
    expect(inbox.page.data.map((r) => r.name)).toEqual(["Board Contacted"]);
  });

  it("answers the Editor the screens' refusal (403)", async () => {
    const answer = await load("editor");
    expect(statusOf(answer)).toBe(403);
    expect(bodyOf(answer)).toBe(ROLE_MESSAGES.forbidden("enquiries"));
  });
});
