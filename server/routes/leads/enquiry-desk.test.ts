import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../../common/admin-messages";
import { ADMIN, bearer, signIn } from "../../test/content";
import { VALID_CONTACT, withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

const COLLEAGUE = { email: "colleague@example.co.uk", password: "colleague-password-1" };

describe.each(TEST_DATABASES)("the lead desk on an enquiry, on %s", (kind) => {
  let app: FastifyInstance;
  let mine: string;
  let theirs: string;
  let colleagueId: string;
  let myId: string;
  beforeAll(async () => {
    app = await buildTestApp(kind, { ENQUIRY_RATE_LIMIT: "1000" });
    mine = await signIn(app);
    colleagueId = (await app.services.accounts.create(COLLEAGUE.email, COLLEAGUE.password)).id;
    theirs = (await app.inject({ method: "POST", url: "/api/admin/login", payload: COLLEAGUE })).json().auth;
    myId = (await app.services.accounts.findByEmail(ADMIN.email)).id;
  });
  afterAll(() => app.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = mine) =>
    app.inject({ method, url, headers: bearer(token), payload });
  async function newEnquiry(name = "Desk Visitor"): Promise<string> {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: await withFormToken(app, { ...VALID_CONTACT, name }),
    });
    expect(res.statusCode).toBe(201);
    const { data } = (await call("GET", `/api/admin/enquiries?q=${encodeURIComponent(name)}`)).json();
    return data[0]._id;
  }
  const detail = async (id: string) => (await call("GET", `/api/admin/enquiries/${id}`)).json().data;

  it("records every status change with the account and time, newest first; an unchanged status adds nothing", async () => {
    const id = await newEnquiry("Status Timeline");
    expect((await detail(id)).timeline).toEqual([]);
    const before = Date.now();
    await call("PUT", `/api/admin/enquiries/${id}/status`, { status: "contacted" });
    await call("PUT", `/api/admin/enquiries/${id}/status`, { status: "contacted" });
    await call("PUT", `/api/admin/enquiries/${id}/status`, { status: "closed" }, theirs);
    const all = (await detail(id)).timeline;
    // The pipeline's stage follows the status, each move an entry of its own (issue 49).
    expect(
      all.filter((e: { type: string }) => e.type === "stage").map((e: { data: object }) => e.data),
    ).toEqual([
      { from: "contacted", to: "lost", reason: "closed", via: "status" },
      { from: "new", to: "contacted", via: "status" },
    ]);
    const timeline = all.filter((e: { type: string }) => e.type === "status");
    expect(timeline.map((e: { data: object }) => e.data)).toEqual([
      { from: "contacted", to: "closed" },
      { from: "new", to: "contacted" },
    ]);
    expect(timeline.map((e: { by: string }) => e.by)).toEqual([COLLEAGUE.email, ADMIN.email]);
    expect(timeline[0].byId).toBe(colleagueId);
    expect(new Date(timeline[1].at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("notes: plain text, kept in the timeline, edited by their author only", async () => {
    const id = await newEnquiry("Note Timeline");
    const added = await call("POST", `/api/admin/enquiries/${id}/notes`, {
      text: "  Called, <b>no</b> answer  ",
    });
    expect(added.statusCode).toBe(201);
    const [note] = added.json().data.timeline;
    expect(note).toMatchObject({
      type: "note",
      by: ADMIN.email,
      data: { text: "Called, <b>no</b> answer" },
      editedAt: null,
    });

    const notTheirs = await call(
      "PUT",
      `/api/admin/enquiries/${id}/notes/${note.id}`,
      { text: "Mine now" },
      theirs,
    );
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json().message).toBe(LEAD_MESSAGES.notYourNote);
    const edited = await call("PUT", `/api/admin/enquiries/${id}/notes/${note.id}`, { text: "Called twice" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.timeline[0]).toMatchObject({ id: note.id, data: { text: "Called twice" } });
    expect(edited.json().data.timeline[0].editedAt).not.toBeNull();

    expect((await call("POST", `/api/admin/enquiries/${id}/notes`, { text: "   " })).json().message).toBe(
      LEAD_MESSAGES.noteEmpty,
    );
    const unknown = await call(
      "PUT",
      `/api/admin/enquiries/${id}/notes/00000000-0000-4000-8000-000000000000`,
      {
        text: "x",
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await detail(id)).timeline).toHaveLength(1);
  });

  it("'Assigned to' a colleague, recorded; the inbox filters 'Mine' and 'Unassigned'", async () => {
    const a = await newEnquiry("Assign Alpha");
    const b = await newEnquiry("Assign Beta");
    const assigned = await call("PUT", `/api/admin/enquiries/${a}/assignee`, { assignee: colleagueId });
    expect(assigned.json().data.assignedTo).toEqual({ id: colleagueId, email: COLLEAGUE.email });
    expect(assigned.json().data.timeline[0]).toMatchObject({
      type: "assign",
      by: ADMIN.email,
      data: { to: COLLEAGUE.email },
    });

    const ids = async (query: string, token = mine) =>
      (await call("GET", `/api/admin/enquiries?${query}`, undefined, token))
        .json()
        .data.map((e: { _id: string }) => e._id);
    expect(await ids("assigned=mine", theirs)).toEqual([a]);
    expect(await ids("assigned=mine")).toEqual([]);
    const unassigned = await ids("assigned=none");
    expect(unassigned).toContain(b);
    expect(unassigned).not.toContain(a);
    expect((await call("GET", "/api/admin/enquiries?assigned=everyone")).statusCode).toBe(400);

    const unknown = await call("PUT", `/api/admin/enquiries/${b}/assignee`, {
      assignee: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(LEAD_MESSAGES.noSuchColleague);
    expect((await detail(b)).assignedTo).toBeNull();

    await call("PUT", `/api/admin/enquiries/${a}/assignee`, { assignee: myId }, theirs);
    await call("PUT", `/api/admin/enquiries/${a}/assignee`, { assignee: null }, theirs);
    const { timeline, assignedTo } = await detail(a);
    expect(assignedTo).toBeNull();
    expect(timeline.map((e: { data: { to: string | null } }) => e.data.to)).toEqual([
      null,
      ADMIN.email,
      COLLEAGUE.email,
    ]);
  });

  it("a removed colleague's entries still name them", async () => {
    const id = await newEnquiry("Leaver Timeline");
    await call("POST", `/api/admin/enquiries/${id}/notes`, { text: "Leaving note" }, theirs);
    await call("PUT", `/api/admin/enquiries/${id}/assignee`, { assignee: colleagueId });
    expect((await call("GET", `/api/admin/staff`)).statusCode).toBe(200);
    await app.services.staff.remove(colleagueId, { id: myId, email: ADMIN.email, role: "owner" });
    const { timeline, assignedTo } = await detail(id);
    expect(assignedTo).toBeNull();
    expect(timeline.find((e: { type: string }) => e.type === "note")).toMatchObject({
      by: COLLEAGUE.email,
      byId: null,
    });
  });
});
