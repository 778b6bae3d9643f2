// Types of scripts/node-flags.mjs for the TypeScript that uses it (vitest.config.ts, tests).
export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function hasServerFlags(): boolean;
export declare function runUnderServerFlags(entry: string, args?: string[]): void;
