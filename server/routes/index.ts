import type { FastifyInstance } from "fastify";
import { API_MESSAGES } from "../../common/messages";
import { adminRouteGuard } from "../plugins/auth";
import { adminAccountRoutes } from "./admin-account";
import { adminAuthRoutes } from "./admin-auth";
import { adminBlogRoutes } from "./admin-blog";
import { adminPasskeyRoutes } from "./admin-passkeys";
import { adminSessionRoutes } from "./admin-sessions";
import { adminStaffRoutes } from "./admin-staff";
import { adminTwoFactorRoutes } from "./admin-two-factor";
import { auditRoutes } from "./audit";
import { blogRoutes } from "./blog";
import { routeDutyGuard } from "./duties";
import { enquiryRoutes } from "./enquiries";
import { enquiryInboxRoutes } from "./enquiry-inbox";
import { healthRoutes } from "./health";
import { imageRoutes } from "./images";
import { insightsRoutes } from "./insights";
import { integrationRoutes } from "./integrations";
import { registerOpenApi } from "./openapi";
import { popupRoutes } from "./popups";
import { privacyRoutes } from "./privacy";
import { signInPasskeyRoutes } from "./sign-in-passkey";
import { siteContentRoutes } from "./site-content";
import { spamRoutes } from "./spam";

/**
 * Every REST route, under /api. The admin API is guarded by its prefix: every route under
 * /api/admin gets the session and permission check from one hook (plugins/auth.ts), whichever
 * plugin registers it; only sign-in and accepting an invitation are open.
 */
export async function apiRoutes(app: FastifyInstance) {
  app.addHook("onRoute", adminRouteGuard(app.adminRoutes));
  // Each route in the OpenAPI document and bounded where it takes input, or the start fails.
  app.addHook("onRoute", routeDutyGuard(app.routeDuties));
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
  await app.register(enquiryRoutes);
  await app.register(enquiryInboxRoutes);
  await app.register(insightsRoutes);
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
