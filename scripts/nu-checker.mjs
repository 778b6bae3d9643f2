// The Nu Html Checker (vnu, the W3C's validator; the vnu-jar package's jar) run on documents as the
// site serves them: `npm run check:html` (scripts/check-html.mjs) and the block page's browser test
// (tests/e2e/block-page-html.test.ts). One JVM checks every document given (its start is a few
// seconds). Java 17 or later must be installed (`java` on PATH, or JAVA_HOME): without it this
// throws, so a check that needs it fails rather than passing unchecked.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/** The checker's jar, from the vnu-jar devDependency (its module's value is the jar's path). */
export const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/**
 * Messages of the checker that are its own mistakes, not the page's, each with its reason; every
 * other error fails the check. Keep this list short and precise: a message here is never reported.
 * None: on every page `npm run check:html` checks, the checker found no error at all.
 */
export const KNOWN_FALSE_POSITIVES = [];

/**
 * A run of a few seconds: the first compiler alone and the serial collector. On this 2-core machine
 * two pages took 1.0 s of CPU (1.5-2.0 s) so, against 4.7-5.5 s of CPU (3-14 s) with the JVM's
 * defaults, which spend it compiling and collecting on threads a short run never profits from.
 * The checker's schema is deep recursion, and the first compiler's frames are larger: with the
 * default stack a page of the site overflowed it ("StackOverflowError while evaluating HTML
 * schema"); 4 MB each thread.
 */
const JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss4m"];

const javaCommand = () => (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java");

/** A message as one line: where, what, and the markup it points at. */
export function describe(message) {
  const where = message.lastLine ? `${message.lastLine}:${message.firstColumn ?? message.lastColumn}` : "-";
  const extract = message.extract ? ` [${message.extract.replace(/\s+/g, " ").trim().slice(0, 160)}]` : "";
  return `${where} ${message.message}${extract}`;
}

const isFalsePositive = (message) =>
  KNOWN_FALSE_POSITIVES.find((known) => known.message.test(message.message));

/**
 * Checks each document ({ name, html }) with the Nu checker; for each, in the order given, its
 * errors (every message of type "error" or a fatal one not in KNOWN_FALSE_POSITIVES), its warnings
 * and the known false positives it met. Throws when Java or the jar cannot run.
 */
export async function checkDocuments(documents) {
  const dir = mkdtempSync(path.join(tmpdir(), "nu-check-"));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, document.html);
      return file;
    });
    const run = await new Promise((resolve) =>
      execFile(
        javaCommand(),
        [...JVM_FLAGS, "-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files],
        { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({
            error: error?.code === "ENOENT" || error?.code === "EACCES" ? error : undefined,
            status: error?.code,
            stdout,
            stderr,
          }),
      ),
    );
    if (run.error)
      throw new Error(
        `The Nu Html Checker needs Java 17 or later (${javaCommand()}: ${run.error.message}). Install a JDK or JRE (Debian: apt-get install openjdk-17-jre-headless) or set JAVA_HOME.`,
      );
    let report;
    try {
      report = JSON.parse(run.stderr || run.stdout);
    } catch {
      throw new Error(`The Nu Html Checker did not answer (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    }
    const broken = report.messages.filter((message) => message.type === "non-document-error");
    if (broken.length > 0)
      throw new Error(`The Nu Html Checker could not check: ${broken.map((m) => m.message).join("; ")}`);
    return documents.map((document, index) => {
      const file = files[index];
      // Its URL is file:/… or file:///…: the file's name tells them apart.
      const messages = report.messages.filter((message) =>
        (message.url ?? "").endsWith(`/${path.basename(file)}`),
      );
      const errors = [];
      const warnings = [];
      const known = [];
      for (const message of messages) {
        if (message.type === "error" || message.subType === "fatal") {
          const falsePositive = isFalsePositive(message);
          if (falsePositive) known.push({ message, reason: falsePositive.reason });
          else errors.push(message);
        } else if (message.subType === "warning") warnings.push(message);
      }
      return { name: document.name, errors, warnings, known };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
