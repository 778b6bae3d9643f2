import { describe, expect, it } from "vitest";
import { loadContext } from "../../server/pages/load-context";
import { readsDuring } from "../../server/services/content/content-reads";
import { TEST_DATABASES } from "../../server/test/harness";
import { signedInApp, signInAs } from "../../server/test/signed-in";
import { loader } from "./areas-we-serve";
import { loader as sitemap } from "./sitemap";

/** 'Areas we serve' (its loader, as React Router calls it) and the sitemap, on both databases. */
describe.each(TEST_DATABASES)("'Areas we serve' on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const load = () =>
    loader({
      request: new Request("http://localhost/areas-we-serve"),
      context: context(),
      params: {},
    } as never);

  async function editor() {
    const email = "areas-editor@example.co.uk";
    await signInAs(api.app, "editor", email);
    const account = await api.app.services.accounts.findByEmail(email);
    return { id: account?.id ?? "", email, role: "editor" as const };
  }

  async function publish(address: string, title: string, area: { name: string; districts: string } | null) {
    const admin = await editor();
    const page = await api.app.services.blockPages.create({ address, title }, admin);
    await api.app.services.blockPages.publish(page.id, admin, {
      page: { address, title, area, blocks: [{ type: "rich-text", html: "<p>We collect food waste.</p>" }] },
    });
    return { page, admin };
  }

  it("lists the published pages that name an area, by place name, and follows their publication", async () => {
    expect((await load()).areas).toEqual([]);
    await publish("/kings-lynn", "Food waste collection in King's Lynn", {
      name: "King's Lynn",
      districts: "pe30 PE31",
    });
    const { page, admin } = await publish("/cambridge", "Food waste collection in Cambridge", {
      name: "Cambridge",
      districts: "CB1, CB2",
    });
    await publish("/bakery-waste", "Bakery waste", null); // no area: not listed
    const { result, reads } = await readsDuring(load);
    expect(result.areas).toEqual([
      { address: "/cambridge", name: "Cambridge", districts: ["CB1", "CB2"] },
      { address: "/kings-lynn", name: "King's Lynn", districts: ["PE30", "PE31"] },
    ]);
    // The render read the pages' list: any page's publication drops it from the page cache.
    expect(reads.has("pages")).toBe(true);

    await api.app.services.blockPages.unpublish(page.id, admin);
    expect((await load()).areas.map((area) => area.address)).toEqual(["/kings-lynn"]);
  });

  it("is in the sitemap", async () => {
    const answer = (await sitemap({
      request: new Request("http://localhost/sitemap.xml"),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(await answer.text()).toContain("/areas-we-serve</loc>");
  });
});
