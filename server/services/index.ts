import type { Config } from "../config";
import type { Database } from "../db/client";
import { createOutbox } from "../mail/outbox";
import { createAccountService } from "./accounts";
import { createBlogService } from "./blog";
import { createContentVersion } from "./content-version";
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
  // Writes to what public pages show bump the content version (the page cache follows it).
  const contentVersion = createContentVersion();
  return {
    config,
    contentVersion,
    accounts: createAccountService(db),
    sessions: createSessionService(db),
    blog: contentVersion.watch(createBlogService(db)),
    images: contentVersion.watch(createImageService(db)),
    popups: contentVersion.watch(createPopupService(db)),
    mail,
    enquiries: createEnquiryService(db, () => mail.wake()),
  };
}

export type Services = ReturnType<typeof createServices>;
