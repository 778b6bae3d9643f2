// Types of scripts/scratch-database.mjs for the TypeScript tests that use it.
export function scratchDir(prefix?: string): string;
export function scratchDatabase(
  serverUrl: string,
  prefix?: string,
  options?: { template?: string },
): Promise<{ url: string; drop(): Promise<void> }>;
