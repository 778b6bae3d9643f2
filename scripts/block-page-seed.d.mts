// Types of scripts/block-page-seed.mjs for the TypeScript tests that use it.

export declare const SEED_ADMIN_ENV: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string };
export declare const SEEDED_PAGES: { withForm: string; withoutForm: string };
/** A page of every kind of block (its pictures `picture`, an image id), at `address`. */
export declare function everyBlockPage(picture: string, address?: string): Record<string, unknown>;
export declare function seedBlockPages(url: string): Promise<string[]>;
