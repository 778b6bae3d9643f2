import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Waits until an .eml file in `dir` contains `needle` (the e2e server writes mail to files). */
export async function waitForMailFile(dir: string, needle: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
        const raw = readFileSync(path.join(dir, name), "utf8");
        if (raw.replace(/=\r?\n/g, "").includes(needle)) return raw;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail containing ${needle} in ${dir}`);
}
