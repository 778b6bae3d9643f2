import type { FastifyInstance } from "fastify";
import { CONSENT_PATH, consentCookie, isConsent } from "../../common/consent";
import { API_MESSAGES } from "../../common/messages";
import { sameSitePath } from "../../common/same-site-path";
import { refuseCrossSite } from "./form-bodies";

/**
 * The cookie banner without JavaScript: its buttons post `answer` (accepted or rejected) and
 * `back` (the page's path) here; the answer is stored for 150 days, as the page script stores it,
 * and the visitor goes back to the same page (a path of this site only: sameSitePath), now
 * without the banner. A post from another site is refused before its body is read: consent is the
 * visitor's own answer.
 */
export async function registerConsent(app: FastifyInstance) {
  const origin = new URL(app.config.siteUrl).origin;
  await app.register(async (scope) => {
    scope.addHook("onRequest", refuseCrossSite);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    scope.post(CONSENT_PATH, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const answer = form.get("answer");
      if (!isConsent(answer))
        return reply.status(400).send({ status: "Error", message: API_MESSAGES.invalidConsent });
      const secure = new URL(app.config.siteUrl).protocol === "https:" || request.protocol === "https";
      return reply
        .header("set-cookie", consentCookie(answer, secure))
        .header("cache-control", "no-store")
        .redirect(sameSitePath(form.get("back"), origin), 303);
    });
  });
}
