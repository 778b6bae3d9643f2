import type { Config } from "../config";
import type { Database } from "../db/client";
import { createAccountService } from "./accounts";
import { createBlogService } from "./blog";
import { createImageService } from "./images";
import { createPopupService } from "./popups";
import { createSessionService } from "./sessions";

/**
 * The one service layer. API routes and React Router loaders (through the load context) both
 * call these; neither touches the database directly.
 */
export function createServices(db: Database, config: Config) {
  return {
    config,
    accounts: createAccountService(db),
    sessions: createSessionService(db),
    blog: createBlogService(db),
    images: createImageService(db),
    popups: createPopupService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
