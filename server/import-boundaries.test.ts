import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house's lines, read from the import graph (docs/architecture.md "Layers"): the app and the
 * server stand side by side on `common/` with nothing between them. The app reaches the server
 * only through its load context (it may name the server's types, never import its values); the
 * server never imports the app; `common/` imports neither; the services know nothing of the HTTP
 * edge (routes, plugins, pages). Tests may reach across (they build the app on a scratch database).
 */
const ROOT = path.resolve(import.meta.dirname, "..");

interface Import {
  file: string;
  target: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes("/test/") && !file.includes("+types"));
}

/** Every import of a file resolved to a path from the root (packages are left out). */
function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    let target: string | undefined;
    if (specifier.startsWith("."))
      target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
    else if (specifier.startsWith("~/")) target = path.join("app", specifier.slice(2));
    else if (specifier.startsWith("@common/")) target = path.join("common", specifier.slice(8));
    if (target) found.push({ file, target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const under = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`);
const show = (imports: Import[]) => imports.map(({ file, target }) => `${file} → ${target}`);

describe("the import graph", () => {
  const app = sourceFiles("app").flatMap(importsOf);
  const server = sourceFiles("server").flatMap(importsOf);
  const common = sourceFiles("common").flatMap(importsOf);

  it("reads every file it should (the checker sees imports at all)", () => {
    expect(app.some(({ target }) => under(target, "common"))).toBe(true);
    expect(server.some(({ target }) => under(target, "common"))).toBe(true);
    // A type import from the server is how the app names the load context's services.
    expect(app.some(({ target, typeOnly }) => typeOnly && under(target, "server"))).toBe(true);
  });

  it("the app imports no value from the server: it reaches it through the load context", () => {
    expect(show(app.filter(({ target, typeOnly }) => !typeOnly && under(target, "server")))).toEqual([]);
  });

  it("the server never imports the app", () => {
    expect(show(server.filter(({ target }) => under(target, "app")))).toEqual([]);
  });

  it("common imports neither the app nor the server", () => {
    expect(show(common.filter(({ target }) => under(target, "app") || under(target, "server")))).toEqual([]);
  });

  it("the services know nothing of the HTTP edge (routes, plugins, pages)", () => {
    const edge = ["server/routes", "server/plugins", "server/pages"];
    const services = server.filter(({ file }) => under(file, "server/services"));
    expect(show(services.filter(({ target }) => edge.some((folder) => under(target, folder))))).toEqual([]);
  });
});
