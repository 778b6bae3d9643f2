// Types of scripts/ascii-only.mjs for the TypeScript that uses it (its test).
export interface AsciiResult {
  code: string;
  escaped: number;
  kept: number;
  growth: Map<number, [column: number, by: number][]>;
}
export declare function asciiOnly(code: string): AsciiResult;
export declare function shiftMappings(mappings: string, growth: AsciiResult["growth"]): string;
export declare function asciiOnlyFile(file: string): AsciiResult;
