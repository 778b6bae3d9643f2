import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLOSED_REASON, STAGE_MESSAGES } from "../../../common/pipeline/stages";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { auditEvents, enquiries, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { ADMIN, bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

/** The pipeline's stage moves and lost reasons through the REST API, on both databases. */
describe.each(TEST_DATABASES)("pipeline stages on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  let editor: string;
  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    editor = await signInAs(api.app, "editor");
  });
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = desk) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const move = (id: string, payload: object, token = desk) =>
    call("PUT", `/api/admin/enquiries/${id}/stage`, payload, token);
  const newEnquiry = async (spam = false) =>
    (await api.app.services.enquiries.submit("contact", VALID_CONTACT, { spam })).id;
  const detail = async (id: string) => (await call("GET", `/api/admin/enquiries/${id}`)).json().data;
  const stageEntries = async (id: string) =>
    ((await detail(id)).timeline as Array<{ type: string; data: Record<string, string> }>)
      .filter((e) => e.type === "stage")
      .map((e) => e.data);

  it("starts every enquiry at New and shows the stage in the list, the detail and the filter", async () => {
    const id = await newEnquiry();
    const found = await detail(id);
    expect(found.stage).toBe("new");
    expect(found.pipeline).toEqual({
      stageChangedAt: null,
      lostReason: null,
      lostNote: null,
      wonPence: null,
    });
    const newOnes = (await call("GET", "/api/admin/enquiries?stage=new&limit=500")).json().data;
    expect(newOnes.map((e: { _id: string }) => e._id)).toContain(id);
    expect(newOnes.every((e: { stage: string }) => e.stage === "new")).toBe(true);
    const won = (await call("GET", "/api/admin/enquiries?stage=won&limit=500")).json().data;
    expect(won.map((e: { _id: string }) => e._id)).not.toContain(id);
    const bad = await call("GET", "/api/admin/enquiries?stage=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: "Error", message: STAGE_MESSAGES.invalidStageFilter });
  });

  it("moves New → Contacted → Quoted → Won with its value; the status follows; timeline, audit and the board filter record each", async () => {
    const id = await newEnquiry();
    expect((await move(id, { stage: "contacted" })).json().data).toMatchObject({
      stage: "contacted",
      status: "contacted",
    });
    expect((await move(id, { stage: "quoted" })).json().data).toMatchObject({
      stage: "quoted",
      status: "contacted",
    });
    const won = await move(id, { stage: "won", valuePence: 123_456 });
    expect(won.statusCode).toBe(200);
    expect(won.json().data).toMatchObject({
      stage: "won",
      status: "closed",
      pipeline: { wonPence: 123_456 },
    });
    expect(won.json().data.pipeline.stageChangedAt).not.toBeNull();
    expect(await stageEntries(id)).toEqual([
      { from: "quoted", to: "won", value: "123456" },
      { from: "contacted", to: "quoted" },
      { from: "new", to: "contacted" },
    ]);
    const audits = await api.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "enquiry_stage_changed"), eq(auditEvents.targetId, id)));
    expect(audits.map((a) => a.targetLabel).sort()).toEqual([
      "Contacted → Quoted",
      "New → Contacted",
      "Quoted → Won",
    ]);
    expect(audits.every((a) => a.actorEmail === "staff-desk@example.co.uk")).toBe(true);
    const wonList = (await call("GET", "/api/admin/enquiries?stage=won&limit=500")).json().data;
    expect(wonList.map((e: { _id: string }) => e._id)).toContain(id);
  });

  it("moves back where a person would: Won → Quoted clears the value, Lost → Contacted clears the reason", async () => {
    const id = await newEnquiry();
    await move(id, { stage: "contacted" });
    await move(id, { stage: "quoted" });
    await move(id, { stage: "won", valuePence: 5000 });
    const back = await move(id, { stage: "quoted" });
    expect(back.json().data).toMatchObject({
      stage: "quoted",
      status: "contacted",
      pipeline: { wonPence: null },
    });
    const lost = await move(id, { stage: "lost", reason: "price", note: "  Cheaper quote from a rival  " });
    expect(lost.json().data).toMatchObject({
      stage: "lost",
      status: "closed",
      pipeline: { lostReason: "price", lostNote: "Cheaper quote from a rival" },
    });
    const again = await move(id, { stage: "contacted" });
    expect(again.json().data).toMatchObject({
      stage: "contacted",
      status: "contacted",
      pipeline: { lostReason: null, lostNote: null },
    });
    expect((await stageEntries(id))[1]).toEqual({
      from: "quoted",
      to: "lost",
      reason: "price",
      note: "Cheaper quote from a rival",
    });
    const contacted = await newEnquiry();
    await move(contacted, { stage: "contacted" });
    expect((await move(contacted, { stage: "new" })).json().data).toMatchObject({
      stage: "new",
      status: "new",
    });
  });

  it("refuses an impossible move, the same stage, Lost without a reason or with one not offered, and changes nothing", async () => {
    const id = await newEnquiry();
    const cases: Array<[object, number, string]> = [
      [{ stage: "won" }, 409, STAGE_MESSAGES.impossibleMove("new", "won")],
      [{ stage: "quoted" }, 409, STAGE_MESSAGES.impossibleMove("new", "quoted")],
      [{ stage: "new" }, 409, STAGE_MESSAGES.sameStage("new")],
      [{ stage: "lost" }, 400, STAGE_MESSAGES.reasonRequired],
      [{ stage: "lost", reason: "" }, 400, STAGE_MESSAGES.reasonRequired],
      [{ stage: "lost", reason: "bad-weather" }, 400, STAGE_MESSAGES.unknownReason],
      [{ stage: "lost", reason: CLOSED_REASON }, 400, STAGE_MESSAGES.unknownReason],
      [{ stage: "contacted", reason: "price" }, 400, STAGE_MESSAGES.reasonOnlyWhenLost],
      [{ stage: "contacted", valuePence: 10 }, 400, STAGE_MESSAGES.valueOnlyWhenWon],
      [{ stage: "won", valuePence: 1.5 }, 400, STAGE_MESSAGES.invalidValue],
      [{ stage: "won", valuePence: -1 }, 400, STAGE_MESSAGES.invalidValue],
      [{ stage: "closed" }, 400, STAGE_MESSAGES.invalidStage],
      [{}, 400, STAGE_MESSAGES.invalidStage],
      [{ stage: "lost", reason: "price", note: "x".repeat(2001) }, 400, STAGE_MESSAGES.noteTooLong],
    ];
    for (const [payload, status, message] of cases) {
      const res = await move(id, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
    const after = await detail(id);
    expect(after).toMatchObject({ stage: "new", status: "new", pipeline: { stageChangedAt: null } });
    expect(await stageEntries(id)).toEqual([]);
  });

  it("refuses the Editor (403, nothing changed), a spam enquiry (409), an unknown enquiry (404) and a malformed id (400)", async () => {
    const id = await newEnquiry();
    const refused = await move(id, { stage: "contacted" }, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_MESSAGES.forbidden("enquiries"));
    expect((await call("GET", "/api/admin/pipeline/lost-reasons", undefined, editor)).statusCode).toBe(403);
    expect((await detail(id)).stage).toBe("new");
    const spam = await newEnquiry(true);
    const spamMove = await move(spam, { stage: "contacted" });
    expect([spamMove.statusCode, spamMove.json().message]).toEqual([409, STAGE_MESSAGES.spam]);
    const unknown = await move("5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01", { stage: "contacted" });
    expect(unknown.statusCode).toBe(404);
    expect((await move("not-an-id", { stage: "contacted" })).statusCode).toBe(400);
  });

  it("keeps the status API as it was, and moves the stage only when it no longer fits the status", async () => {
    const id = await newEnquiry();
    const setStatus = (status: string) => call("PUT", `/api/admin/enquiries/${id}/status`, { status });
    const closed = await setStatus("closed");
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: "Ok", data: { status: "closed", stage: "lost" } });
    expect(closed.json().data.pipeline.lostReason).toBe(CLOSED_REASON);
    expect(await stageEntries(id)).toEqual([
      { from: "new", to: "lost", reason: CLOSED_REASON, via: "status" },
    ]);
    // Back to 'contacted' through the status API: Contacted, the reason cleared.
    expect((await setStatus("contacted")).json().data).toMatchObject({
      status: "contacted",
      stage: "contacted",
      pipeline: { lostReason: null },
    });
    await move(id, { stage: "quoted" });
    // A quoted enquiry shows as 'contacted': setting it again changes nothing.
    expect((await setStatus("contacted")).json().data).toMatchObject({
      status: "contacted",
      stage: "quoted",
    });
    await move(id, { stage: "won" });
    // Won shows as 'closed' already: the status API leaves it Won.
    expect((await setStatus("closed")).json().data).toMatchObject({ status: "closed", stage: "won" });
    expect((await setStatus("new")).json().data).toMatchObject({ status: "new", stage: "new" });
    const bad = await setStatus("won");
    expect(bad.statusCode).toBe(400);
  });

  it("sends enquiry.stage_changed to the endpoints that chose it", async () => {
    const [endpoint] = await api.app.db
      .insert(webhookEndpoints)
      .values({
        url: "https://crm.example.com/hooks/stages",
        events: ["enquiry.stage_changed"],
        secret: `whsec_${"A".repeat(43)}=`,
      })
      .returning();
    const id = await newEnquiry();
    await move(id, { stage: "contacted" });
    const sent = await api.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(sent).toHaveLength(1);
    expect(sent[0].event).toBe("enquiry.stage_changed");
    expect(sent[0].payload).toMatchObject({
      type: "enquiry.stage_changed",
      data: { _id: id, stage: "contacted" },
    });
    await api.app.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpoint.id));
  });

  it("lost reasons: the defaults offered to the desk; only the Owner adds, archives and restores; archived ones stay named", async () => {
    const list = async (all = false, token = desk) =>
      (
        await call("GET", `/api/admin/pipeline/lost-reasons${all ? "?all=true" : ""}`, undefined, token)
      ).json().data;
    expect((await list()).map((r: { label: string }) => r.label)).toEqual([
      "Price",
      "Timing",
      "Went elsewhere",
      "No reply",
      "Not a fit",
    ]);
    const byDesk = await call("POST", "/api/admin/pipeline/lost-reasons", { label: "Too far" });
    expect([byDesk.statusCode, byDesk.json().message]).toEqual([
      403,
      ROLE_MESSAGES.forbidden("pipeline-settings"),
    ]);
    const owner = api.token;
    const added = await call("POST", "/api/admin/pipeline/lost-reasons", { label: "  Too far away " }, owner);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual({ id: "too-far-away", label: "Too far away", archived: false });
    const twice = await call("POST", "/api/admin/pipeline/lost-reasons", { label: "too far away" }, owner);
    expect([twice.statusCode, twice.json().message]).toEqual([409, STAGE_MESSAGES.reasonExists]);
    const empty = await call("POST", "/api/admin/pipeline/lost-reasons", { label: "  " }, owner);
    expect([empty.statusCode, empty.json().message]).toEqual([400, STAGE_MESSAGES.reasonLabelEmpty]);
    expect((await list()).at(-1)).toEqual({ id: "too-far-away", label: "Too far away", archived: false });

    // An enquiry lost for a reason keeps it when the reason is archived; it is no longer offered.
    const id = await newEnquiry();
    await move(id, { stage: "lost", reason: "timing" });
    const archived = await call(
      "PUT",
      "/api/admin/pipeline/lost-reasons/timing/archived",
      { archived: true },
      owner,
    );
    expect(archived.json().data).toEqual({ id: "timing", label: "Timing", archived: true });
    expect((await list()).map((r: { id: string }) => r.id)).not.toContain("timing");
    expect(await list(true)).toEqual(
      expect.arrayContaining([
        { id: "timing", label: "Timing", archived: true },
        { id: CLOSED_REASON, label: "Closed (no reason given)", archived: true },
      ]),
    );
    expect((await detail(id)).pipeline.lostReason).toBe("timing");
    const other = await newEnquiry();
    const refused = await move(other, { stage: "lost", reason: "timing" });
    expect([refused.statusCode, refused.json().message]).toEqual([400, STAGE_MESSAGES.unknownReason]);
    await call("PUT", "/api/admin/pipeline/lost-reasons/timing/archived", { archived: false }, owner);
    expect((await move(other, { stage: "lost", reason: "timing" })).statusCode).toBe(200);

    const system = await call(
      "PUT",
      `/api/admin/pipeline/lost-reasons/${CLOSED_REASON}/archived`,
      { archived: false },
      owner,
    );
    expect([system.statusCode, system.json().message]).toEqual([409, STAGE_MESSAGES.systemReason]);
    const missing = await call(
      "PUT",
      "/api/admin/pipeline/lost-reasons/nothing/archived",
      { archived: true },
      owner,
    );
    expect([missing.statusCode, missing.json().message]).toEqual([404, STAGE_MESSAGES.reasonNotFound]);
    const byDeskArchive = await call("PUT", "/api/admin/pipeline/lost-reasons/price/archived", {
      archived: true,
    });
    expect(byDeskArchive.statusCode).toBe(403);
    const audits = await api.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "lost_reasons_changed"));
    expect(audits.map((a) => a.targetLabel)).toEqual(
      expect.arrayContaining(["Added Too far away", "Archived Timing", "Restored Timing"]),
    );
  });

  it("the erasure of a visitor clears the lost note and turns the stage entries into tombstones", async () => {
    const id = await newEnquiry();
    await move(id, { stage: "lost", reason: "price", note: "Jane said it was too dear" });
    const owner = await api.app.services.accounts.findByEmail(ADMIN.email);
    await api.app.services.privacy.erase(VALID_CONTACT.email, { id: owner.id, email: owner.email });
    const [row] = await api.app.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({ stage: "lost", lostReason: "price", lostNote: null });
    const entries = (await detail(id)).timeline.filter((e: { type: string }) => e.type === "stage");
    expect(JSON.stringify(entries)).not.toContain("Jane");
  });
});
