import { inflateSync } from "node:zlib";

/**
 * The text a PDF made by pdfkit with its standard fonts shows, one string per text operation
 * (a line of a cell, mostly): each content stream inflated when it is deflated, each TJ/Tj's hex
 * strings decoded as WinAnsi (Latin-1 for what the quote's pages use; '£' is 0xA3). For tests.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]?.includes("/FlateDecode") ? inflateSync(bytes) : bytes).toString("latin1");
    } catch {
      continue;
    }
    const operations = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = operations.exec(content); op; op = operations.exec(content)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? "") : [op[2] ?? ""];
      texts.push(hexes.map((hex) => Buffer.from(hex, "hex").toString("latin1")).join(""));
    }
  }
  return texts;
}
