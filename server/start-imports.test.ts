import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * What a start loads (docs/benchmarks.md "Budgets"): the code server/main.ts reaches through
 * static imports, and through server/server.ts, which it imports at once. The server bundle
 * (scripts/build-server.mjs) keeps a dynamic import() in a chunk of its own, loaded at first use;
 * a static import anywhere on the way puts the package back into every start's memory and time.
 * The packages below load at their first use, and must stay so.
 */
const LAZY_PACKAGES: Record<string, string> = {
  "@simplewebauthn/server": "passkeys: their first sign-in or registration (with its certificate parsers)",
  qrcode: "two-factor set-up: the QR code",
  nodemailer: "the outbox's first message",
  "sanitize-html": "the first post or page written",
  sharp: "the first image stored (libvips: about 25 MB)",
  ioredis: "only with REDIS_URL",
  pg: "only with DATABASE_URL",
  "@fastify/middie": "development only (Vite's middleware)",
};

const ROOT = path.resolve(import.meta.dirname, "..");

interface Edges {
  files: string[];
  packages: string[];
  lazyPackages: string[];
}

const packageOf = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

function resolveFile(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith("@common/")
      ? path.join(ROOT, "common", specifier.slice(8))
      : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && /\.(ts|tsx|mjs|js)$/.test(candidate)) return candidate;
  return undefined;
}

/** A file's value imports: static ones (what loads with it) and dynamic ones (what loads later). */
function edgesOf(file: string): { staticImports: string[]; dynamicImports: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  const visit = (node: ts.Node) => {
    // `import type` and `export type` load nothing; `import { type X }` is kept as an import
    // (verbatimModuleSyntax), so it counts.
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) staticImports.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      staticImports.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      dynamicImports.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { staticImports, dynamicImports };
}

/** Everything reached from `entries` through static imports (type imports left out). */
function reachedFrom(entries: string[]): Edges {
  const files = new Set<string>();
  const packages = new Set<string>();
  const lazyPackages = new Set<string>();
  const queue = entries.map((entry) => path.join(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const { staticImports, dynamicImports } = edgesOf(file);
    for (const specifier of staticImports) {
      if (specifier.startsWith("node:")) continue;
      const local = /^(\.|~\/|@common\/)/.test(specifier) ? resolveFile(file, specifier) : undefined;
      if (local) queue.push(local);
      else if (!/^(\.|~\/|@common\/)/.test(specifier)) packages.add(packageOf(specifier));
    }
    for (const specifier of dynamicImports)
      if (!/^(\.|~\/|@common\/|node:)/.test(specifier)) lazyPackages.add(packageOf(specifier));
  }
  return {
    files: [...files].map((file) => path.relative(ROOT, file)),
    packages: [...packages],
    lazyPackages: [...lazyPackages],
  };
}

describe("what a start loads", () => {
  // main.ts imports the database layer, then the app (await import("./server")) at once.
  const start = reachedFrom(["server/main.ts", "server/server.ts"]);

  it("follows the server's imports (the walk sees the app, its services and their packages)", () => {
    expect(start.files).toEqual(
      expect.arrayContaining(["server/app.ts", "server/services/index.ts", "server/routes/index.ts"]),
    );
    expect(start.packages).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "zod"]));
    // Each lazy package is imported somewhere on the way: dynamically.
    expect(start.lazyPackages).toEqual(expect.arrayContaining(Object.keys(LAZY_PACKAGES)));
  });

  it("reaches none of the packages that load at first use through a static import", () => {
    expect(start.packages.filter((name) => name in LAZY_PACKAGES)).toEqual([]);
  });
});
