import type { Config } from "../config";
import type { Database } from "../db/client";
import { createOutbox } from "../mail/outbox";
import { createAccountService } from "./accounts";
import { createBlogService } from "./blog";
import { createEnquiryService } from "./enquiries";
import { createImageService } from "./images";
import { createPopupService } from "./popups";
import { createSessionService } from "./sessions";

/**
 * The one service layer. API routes and React Router loaders (through the load context) both
 * call these; neither touches the database directly.
 */
export function createServices(db: Database, config: Config) {
  const mail = createOutbox(db, config);
  const sessions = createSessionService(db);
  return {
    config,
    accounts: createAccountService(db, sessions),
    sessions,
    blog: createBlogService(db),
    images: createImageService(db),
    popups: createPopupService(db),
    mail,
    enquiries: createEnquiryService(db, () => mail.wake()),
  };
}

export type Services = ReturnType<typeof createServices>;
