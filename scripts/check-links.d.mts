// Types of scripts/check-links.mjs for its test.
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}
export function documents(root: string): string[];
export function slug(text: string): string;
export function anchors(markdown: string): Set<string>;
export function links(markdown: string): { line: number; target: string }[];
export function checkLinks(root: string, files?: string[]): BrokenLink[];
