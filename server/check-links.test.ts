import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { anchors, checkLinks, documents, slug } from "../scripts/check-links.mjs";
import { scratchDir } from "../scripts/scratch-database.mjs";

// npm run docs:links (scripts/check-links.mjs), which CI runs after lint: a broken link between
// the documents fails it.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repository(files: Record<string, string>): string {
  const root = scratchDir("links-");
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const GUIDE = [
  "# Operations",
  "## Backups and restore",
  "## Several instances behind a balancer: PostgreSQL and Redis",
  "## `npm run bench` — figures",
  "## Backups and restore",
  "```sh",
  "# not a heading",
  "```",
].join("\n");

describe("the documents' link checker", () => {
  it("makes GitHub's anchors for headings", () => {
    expect(slug("Several instances behind a balancer: PostgreSQL and Redis")).toBe(
      "several-instances-behind-a-balancer-postgresql-and-redis",
    );
    expect(slug("`npm run bench` — figures")).toBe("npm-run-bench--figures");
    expect(slug("0025: The outbox holds [short leases](x.md), *renewed*")).toBe(
      "0025-the-outbox-holds-short-leases-renewed",
    );
    expect([...anchors(GUIDE)]).toEqual([
      "operations",
      "backups-and-restore",
      "several-instances-behind-a-balancer-postgresql-and-redis",
      "npm-run-bench--figures",
      "backups-and-restore-1",
    ]);
  });

  it("passes documents whose links all reach a file and a heading", () => {
    const root = repository({
      "README.md":
        "[ops](docs/operations.md), [redis](docs/operations.md#several-instances-behind-a-balancer-postgresql-and-redis), [decisions](docs/decisions/), [site](https://example.com/missing.md), [top](#readme)\n\n# Readme\n",
      "docs/operations.md": GUIDE,
      "docs/decisions/0001-x.md":
        "# 0001: X\n\n[back](../operations.md#backups-and-restore-1) `[not](a-link.md)`\n",
    });
    expect(documents(root)).toEqual(["README.md", "docs/decisions/0001-x.md", "docs/operations.md"]);
    expect(checkLinks(root)).toEqual([]);
  });

  it("lists every broken link: a missing file, a missing heading, a path outside", () => {
    const root = repository({
      "README.md": "# Readme\n\nSee [ops](docs/operation.md) and [backups](docs/operations.md#backup).\n",
      "CONTRIBUTING.md": "[here](#nowhere) [up](../elsewhere.md)\n",
      "docs/operations.md": GUIDE,
    });
    expect(checkLinks(root)).toEqual([
      { file: "README.md", line: 3, target: "docs/operation.md", reason: "no such file" },
      { file: "README.md", line: 3, target: "docs/operations.md#backup", reason: "no heading #backup" },
      { file: "CONTRIBUTING.md", line: 1, target: "#nowhere", reason: "no heading #nowhere" },
      { file: "CONTRIBUTING.md", line: 1, target: "../elsewhere.md", reason: "outside the repository" },
    ]);
  });

  it("fails with the list of broken links, and passes once they are fixed", () => {
    const script = path.resolve(import.meta.dirname, "../scripts/check-links.mjs");
    const root = repository({
      "README.md": "[ops](docs/operations.md#backups)\n",
      "docs/operations.md": GUIDE,
    });
    const failed = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("README.md:1  docs/operations.md#backups  (no heading #backups)");

    writeFileSync(path.join(root, "README.md"), "[ops](docs/operations.md#backups-and-restore)\n");
    const passed = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
    expect(passed.stderr).toBe("");
    expect(passed.status).toBe(0);
  });
});
