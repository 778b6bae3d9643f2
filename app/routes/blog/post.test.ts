import { blogPostInputSchema } from "@common/content/blog";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { postBody } from "../../../server/test/content";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader } from "./post";

/** What the loader threw or returned: its status (a thrown data(…, 404) carries it in init). */
async function statusOf(answer: Promise<unknown>): Promise<number> {
  try {
    await answer;
    return 200;
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === undefined) throw thrown;
    return status;
  }
}

/** A draft post's public address (/blog/{id}): its preview for staff who write the blog, a 404 for anyone else. */
describe.each(TEST_DATABASES)("a draft at its public address on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const open = (id: string, token?: string) =>
    statusOf(
      loader({
        request: new Request(`http://localhost/blog/${id}`, {
          headers: token ? { cookie: `${ADMIN_AUTH_COOKIE}=${token}` } : {},
        }),
        context: context(),
        params: { "*": id },
      } as never),
    );

  it("is shown to an Owner and an Editor, and is a 404 to a Desk account and a visitor", async () => {
    const input = blogPostInputSchema.parse({ ...postBody(), title: "Not out yet" });
    const draft = await api.app.services.blog.saveDraft(null, input);
    expect(draft.state).toBe("draft");
    const editor = await signInAs(api.app, "editor", "draft-editor@example.co.uk");
    const desk = await signInAs(api.app, "desk", "draft-desk@example.co.uk");

    expect(await open(draft._id, api.token)).toBe(200);
    expect(await open(draft._id, editor)).toBe(200);
    expect(await open(draft._id, desk)).toBe(404);
    expect(await open(draft._id)).toBe(404);

    // Published, it is every reader's, the Desk's included.
    const published = await api.app.services.blog.publish(draft._id, input);
    expect(published.state).toBe("published");
    expect(await open(draft._id, desk)).toBe(200);
  });
});
