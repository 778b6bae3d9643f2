import { STAGE_MESSAGES } from "@common/pipeline/stages";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { describe, expect, it } from "vitest";
import { BOARD_MOVE_TEXTS } from "~/lib/pipeline/board-texts";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./pipeline";

const SCREEN = "http://localhost/admin/dashboard/pipeline";
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The 'Pipeline' board's 'Move' forms (its action as a plain form post calls it), on both databases. */
describe.each(TEST_DATABASES)("moving cards on the 'Pipeline' board on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const post = async (fields: Record<string, string>, role: "desk" | "editor" = "desk") =>
    action({
      request: new Request(SCREEN, {
        method: "POST",
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, role)}` },
        body: new URLSearchParams(fields),
      }),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown);
  const columnOf = async (id: string) => {
    const board = (await loader({
      request: new Request(SCREEN, {
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, "desk")}` },
      }),
      context: context(),
      params: {},
    } as never)) as Awaited<ReturnType<typeof loader>>;
    return board.columns.find((c) => c.rows.some((r) => r._id === id))?.stage;
  };

  it("moves a card to another stage and names it and its new stage in the answer", async () => {
    const id = (await api.app.services.enquiries.submit("contact", { ...VALID_CONTACT, name: "Card One" }))
      .id;
    const answer = await post({ enquiryId: id, stage: "contacted" });
    expect(answer).toEqual({ ok: true, message: BOARD_MOVE_TEXTS.moved("Card One", "Contacted"), moved: id });
    expect(await columnOf(id)).toBe("contacted");
    // A stage it cannot reach from there is refused (409) and the card stays.
    const jump = await post({ enquiryId: id, stage: "won" });
    expect([statusOf(jump), (bodyOf(jump) as { error: string }).error]).toEqual([
      409,
      STAGE_MESSAGES.impossibleMove("contacted", "won"),
    ]);
    expect(await columnOf(id)).toBe("contacted");
  });

  it("asks why for Lost: refused without a reason, moved with one", async () => {
    const id = (await api.app.services.enquiries.submit("contact", { ...VALID_CONTACT, name: "Card Two" }))
      .id;
    const bare = await post({ enquiryId: id, stage: "lost", reason: "" });
    expect([statusOf(bare), (bodyOf(bare) as { error: string }).error]).toEqual([
      400,
      STAGE_MESSAGES.reasonRequired,
    ]);
    expect(await columnOf(id)).toBe("new");
    const lost = await post({ enquiryId: id, stage: "lost", reason: "no-reply" });
    expect(lost).toMatchObject({ ok: true, message: BOARD_MOVE_TEXTS.moved("Card Two", "Lost") });
    expect(await columnOf(id)).toBe("lost");
    expect((await api.app.services.enquiries.get(id)).pipeline).toMatchObject({ lostReason: "no-reply" });
  });

  it("answers an unknown enquiry 404 and the Editor 403; nothing moves", async () => {
    const id = (await api.app.services.enquiries.submit("contact", { ...VALID_CONTACT, name: "Card Three" }))
      .id;
    const missing = await post({ enquiryId: "5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01", stage: "contacted" });
    expect(statusOf(missing)).toBe(404);
    const editor = await post({ enquiryId: id, stage: "contacted" }, "editor");
    expect([statusOf(editor), bodyOf(editor)]).toEqual([403, ROLE_MESSAGES.forbidden("enquiries")]);
    expect(await columnOf(id)).toBe("new");
  });
});
