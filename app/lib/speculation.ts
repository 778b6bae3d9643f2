/**
 * Speculation Rules for the public pages: a same-origin page link the visitor is likely to follow
 * (pointer resting on it, or pressed) is prerendered, so the next page is shown at once. Never the
 * admin, the API, feeds or addresses with a query (search, campaign links).
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin*" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/*.xml" } },
          { not: { selector_matches: "[href*='?'], [target], [download], [data-no-prerender]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
