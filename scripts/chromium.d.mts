// Types of scripts/chromium.mjs for the TypeScript that uses it (the browser tests).
export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function chromiumPath(): Promise<string>;
