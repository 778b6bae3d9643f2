import type { HeadersArgs } from "react-router";

/** What a form page's answer passes on from its action (else its loader): a route's headers otherwise stay its own. */
const PASSED_ON = ["cache-control", "retry-after"] as const;

/**
 * The `headers` of a page whose form works without JavaScript: a refused post's Retry-After
 * (503 while the database is away, 429 over the hourly allowance) reaches the browser with the
 * page, and a page holding a visitor's answers keeps its Cache-Control.
 */
export function formPageHeaders({
  actionHeaders,
  loaderHeaders,
}: Pick<HeadersArgs, "actionHeaders" | "loaderHeaders">) {
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
