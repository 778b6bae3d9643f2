import type { FastifyInstance } from "fastify";
import { API_MESSAGES } from "../../common/messages";
import { leaveUnread } from "../pages/form-bodies";
import { adminRouteGuard } from "../plugins/sign-in-guard";
import { auditRoutes } from "./audit";
import { bookingRoutes } from "./bookings/bookings";
import { adminBlogRoutes } from "./content/admin-blog";
import { blockPageRoutes } from "./content/block-pages";
import { blogRoutes } from "./content/blog";
import { imageRoutes } from "./content/images";
import { popupRoutes } from "./content/popups";
import { redirectRoutes } from "./content/redirects";
import { siteContentRoutes } from "./content/site-content";
import { routeDutyGuard } from "./duties";
import { healthRoutes } from "./health";
import { insightsRoutes } from "./insights/insights";
import { wonValueRoutes } from "./insights/won-value";
import { enquiryRoutes } from "./leads/enquiries";
import { enquiryInboxRoutes } from "./leads/enquiry-inbox";
import { privacyRoutes } from "./leads/privacy";
import { spamRoutes } from "./leads/spam";
import { registerOpenApi } from "./openapi";
import { pipelineFigureRoutes } from "./pipeline/figures";
import { pipelineQuoteRoutes } from "./pipeline/quotes";
import { pipelineStageRoutes } from "./pipeline/stages";
import { adminAccountRoutes } from "./staff/account";
import { adminPasskeyRoutes } from "./staff/passkeys";
import { adminSessionRoutes } from "./staff/sessions";
import { adminAuthRoutes } from "./staff/sign-in";
import { signInPasskeyRoutes } from "./staff/sign-in-passkey";
import { adminStaffRoutes } from "./staff/staff";
import { adminTwoFactorRoutes } from "./staff/two-factor";
import { integrationRoutes } from "./webhooks/integrations";

/**
 * Every REST route, under /api. The admin API is guarded by its prefix: every route under
 * /api/admin gets the session and permission check from one hook (plugins/auth.ts), whichever
 * plugin registers it; only sign-in and accepting an invitation are open.
 */
export async function apiRoutes(app: FastifyInstance) {
  app.addHook("onRoute", adminRouteGuard(app.adminRoutes));
  // Each route in the OpenAPI document and bounded where it takes input, or the start fails.
  app.addHook("onRoute", routeDutyGuard(app.routeDuties));
  // A body a refused request never began to read (a type no route here parses, no session, a
  // limit, a rate) is not drained, as the pages' are not (pages/form-bodies.ts leaveUnread): over
  // 256 KB its connection is closed once the answer is written. Drained, 20 posts of 16 MB to
  // /api/contact took the peak 36-67 MB over rest; closed, 0-4 MB. A body a route began to read
  // (an upload refused on its first part) is drained as before, so its client reads the answer.
  app.addHook("onSend", async (request, reply) => {
    if (reply.statusCode >= 400 && request.raw.readableFlowing === null) leaveUnread(request, reply);
  });
  await registerOpenApi(app); // first: it documents the routes registered after it
  await app.register(healthRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminAccountRoutes);
  await app.register(adminStaffRoutes);
  await app.register(adminSessionRoutes);
  await app.register(adminPasskeyRoutes);
  await app.register(signInPasskeyRoutes);
  await app.register(adminTwoFactorRoutes);
  await app.register(blogRoutes);
  await app.register(adminBlogRoutes);
  await app.register(imageRoutes);
  await app.register(popupRoutes);
  await app.register(siteContentRoutes);
  await app.register(redirectRoutes);
  await app.register(blockPageRoutes);
  await app.register(enquiryRoutes);
  await app.register(enquiryInboxRoutes);
  await app.register(bookingRoutes);
  await app.register(pipelineStageRoutes);
  await app.register(pipelineQuoteRoutes);
  await app.register(pipelineFigureRoutes);
  await app.register(insightsRoutes);
  await app.register(wonValueRoutes);
  await app.register(privacyRoutes);
  await app.register(spamRoutes);
  await app.register(auditRoutes);
  await app.register(integrationRoutes);

  // Unknown /api paths answer JSON, never a page.
  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.status(404).send({ status: "Error", message: API_MESSAGES.notFound }),
  });
}
