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
export interface WrongReference {
  file: string;
  line: number;
  reference: string;
  reason: string;
}
export interface DecisionRecord {
  file: string;
  title: string;
  names: string[];
}
export interface DecisionReference {
  line: number;
  reference: string;
  number?: string;
  file?: string;
  fileName?: string;
  words?: string;
}
export const SHORT_NAMES: Record<string, string[]>;
export function codeFiles(root: string): string[];
export function words(text: string): string;
export function decisionRecords(root: string): {
  records: Map<string, DecisionRecord>;
  faults: WrongReference[];
};
export function decisionReferences(text: string, from: string): DecisionReference[];
export function checkDecisionReferences(root: string, files?: string[]): WrongReference[];
