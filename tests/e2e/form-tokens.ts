import { FORM_TOKEN_FIELD, SPAM_MIN_FILL_MS } from "@common/leads/spam";

/**
 * Enquiries sent as an API client sends them (CONTRACT's REST API): every one needs a form
 * token, or it is kept as Spam and never mailed (server/services/leads/spam.ts). The tokens come
 * from the contact page as a visitor's browser gets it (each response signs its own; no rate limit
 * but the page's), and are used once they are older than the spam check's shortest fill time.
 */
const TOKEN_IN_PAGE = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`);
const BATCH = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `n` fresh form tokens from `base`'s contact page, answered once they can be sent (2.5 s on). */
export async function formTokens(base: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < n) {
    const batch = Array.from({ length: Math.min(BATCH, n - tokens.length) }, async () => {
      const html = await (await fetch(`${base}/contact`)).text();
      const token = TOKEN_IN_PAGE.exec(html)?.[1];
      if (!token) throw new Error(`no form token in ${base}/contact`);
      return token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  await sleep(SPAM_MIN_FILL_MS + 200);
  return tokens;
}

/** POSTs an enquiry's JSON to `base` + `path` with `token` (a fresh one when none is given). */
export async function sendEnquiry(base: string, path: string, body: object, token?: string) {
  const formToken = token ?? (await formTokens(base, 1))[0];
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, [FORM_TOKEN_FIELD]: formToken }),
  });
}
