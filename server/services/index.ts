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
  const sessions = createSessionService(db);
  // Writes to what public pages show bump the content version (the page cache follows it).
  const contentVersion = createContentVersion();
  return {
    config,
    contentVersion,
    accounts: createAccountService(db, sessions),
    sessions,
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
