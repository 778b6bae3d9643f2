// Types of scripts/nu-checker.mjs for the TypeScript tests that use it.

/** One message of the Nu Html Checker's JSON output. */
export interface NuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  url?: string;
}
export declare const VNU_JAR: string;
export declare const KNOWN_FALSE_POSITIVES: { message: RegExp; reason: string }[];
export declare function describe(message: NuMessage): string;
export declare function checkDocuments(documents: { name: string; html: string }[]): Promise<
  {
    name: string;
    errors: NuMessage[];
    warnings: NuMessage[];
    known: { message: NuMessage; reason: string }[];
  }[]
>;
