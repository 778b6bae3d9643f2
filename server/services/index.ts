import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { createOutbox } from "../mail/outbox";
import { createAccountService } from "./accounts";
import { createBlogService } from "./blog";
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
  const accounts = createAccountService(db);
  const sessions = createSessionService(db);
  // With REDIS_URL the login counters are shared by every instance (and fail closed without it).
  const counters = options.redis ? redisCounters(options.redis) : memoryCounters();
  return {
    config,
    accounts,
    sessions,
    logins: createLoginService({ accounts, sessions, counters }),
    blog: createBlogService(db),
    images: createImageService(db),
    popups: createPopupService(db),
    mail,
    enquiries: createEnquiryService(db, () => mail.wake()),
  };
}

export type Services = ReturnType<typeof createServices>;
