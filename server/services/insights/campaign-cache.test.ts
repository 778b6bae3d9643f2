import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { createPageCache, withoutCampaignTags } from "../../pages/page-cache";
import { createContentVersion } from "../content/content-version";

const request = (url: string) =>
  ({ method: "GET", url, cookies: {}, headers: {} }) as unknown as FastifyRequest;

describe("campaign links and the page cache", () => {
  it("drops utm_ parameters and keeps the rest of a query", () => {
    expect(withoutCampaignTags("utm_source=news&utm_campaign=spring")).toBe("");
    expect(withoutCampaignTags("page=2&utm_medium=email")).toBe("page=2");
    expect(withoutCampaignTags("q=utm_source")).toBe("q=utm_source");
  });

  it("serves a landing address with campaign tags from the page's cached render", async () => {
    const renders: string[] = [];
    const cache = createPageCache({
      buildId: "b",
      content: createContentVersion(),
      policy: () => "default-src 'self'",
      render: async (path) => {
        renders.push(path);
        return {
          status: 200,
          headers: new Headers({ "content-type": "text/html" }),
          body: Buffer.from("<p>home</p>"),
        };
      },
    });
    const first = await cache.lookup(request("/?utm_source=newsletter&utm_campaign=spring"));
    const second = await cache.lookup(request("/?utm_source=advert"));
    const plain = await cache.lookup(request("/"));
    expect(renders).toEqual(["/"]);
    expect([first, second, plain].map((answer) => answer && "hit" in answer && answer.hit)).toEqual([
      false,
      true,
      true,
    ]);
    // Any other query is still the visitor's own render.
    expect(await cache.lookup(request("/?utm_source=x&q=tanks"))).toBeUndefined();
  });
});
