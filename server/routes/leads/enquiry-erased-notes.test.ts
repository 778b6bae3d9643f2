import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../../common/admin-messages";
import { PRIVACY_MESSAGES } from "../../../common/leads/privacy";
import { ADMIN, bearer } from "../../test/content";
import { VALID_CONTACT, withFormToken } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

/** An erased enquiry's notes are tombstones and stay so: no note is added or edited after erasure. */
describe.each(TEST_DATABASES)("notes on an erased enquiry, on %s", (kind) => {
  const signed = signedInApp(kind);
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    signed.app.inject({ method, url, headers: bearer(signed.token), payload });

  it("refuses adding and editing a note with 409 and changes nothing", async () => {
    const email = "erase.me@example.co.uk";
    expect(
      (
        await signed.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: await withFormToken(signed.app, { ...VALID_CONTACT, email }),
        })
      ).statusCode,
    ).toBe(201);
    const [found] = await signed.app.services.privacy.find(email);
    const id = found._id;
    const added = await call("POST", `/api/admin/enquiries/${id}/notes`, { text: "Rang back" });
    expect(added.statusCode).toBe(201);
    const noteId = added.json().data.timeline[0].id;
    const me = await signed.app.services.accounts.findByEmail(ADMIN.email);
    expect(await signed.app.services.privacy.erase(email, { id: me.id, email: me.email })).toBe(1);
    const before = (await call("GET", `/api/admin/enquiries/${id}`)).json().data.timeline;

    const again = await call("POST", `/api/admin/enquiries/${id}/notes`, { text: `Her address is ${email}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LEAD_MESSAGES.erasedNotes);
    const edited = await call("PUT", `/api/admin/enquiries/${id}/notes/${noteId}`, {
      text: "Jane, 07700 900123",
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toBe(LEAD_MESSAGES.erasedNotes);

    const after = (await call("GET", `/api/admin/enquiries/${id}`)).json().data.timeline;
    expect(after).toEqual(before);
    expect(after.find((e: { id: string }) => e.id === noteId).data.text).toBe(PRIVACY_MESSAGES.tombstone);
  });
});
