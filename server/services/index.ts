import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { createOutbox } from "../mail/outbox";
import { createAccountService } from "./accounts";
import { createBlogService } from "./blog";
import { createContentVersion } from "./content-version";
import { createEnquiryService } from "./enquiries";
import { memoryCounters, redisCounters } from "./failure-counters";
import { createImageService } from "./images";
import { createLoginService } from "./logins";
import { createPopupService } from "./popups";
import { createSessionService } from "./sessions";

/**
 * The one service layer. API routes and React Router loaders (through the load context) both
 * call these; neither touches the database directly.
 */
export function createServices(db: Database, config: Config, options: { redis?: Redis } = {}) {
  const mail = createOutbox(db, config);
  const sessions = createSessionService(db);
  const accounts = createAccountService(db, sessions);
  // With REDIS_URL the login counters are shared by every instance (and fail closed without it).
  const counters = options.redis ? redisCounters(options.redis) : memoryCounters();
  // Writes to what public pages show bump the content version (the page cache follows it).
  const contentVersion = createContentVersion();
  return {
    config,
    contentVersion,
    accounts,
    sessions,
    logins: createLoginService({ accounts, sessions, counters }),
    // Only these change what public pages show; a write missing here would leave stale pages.
    blog: contentVersion.watch(createBlogService(db), ["create", "update", "remove"]),
    images: contentVersion.watch(createImageService(db), ["add", "remove"]),
    popups: contentVersion.watch(createPopupService(db), [
      "create",
      "update",
      "remove",
      "activate",
      "deactivate",
    ]),
    mail,
    enquiries: createEnquiryService(db, () => mail.wake()),
  };
}

export type Services = ReturnType<typeof createServices>;
