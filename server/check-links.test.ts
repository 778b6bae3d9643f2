import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  anchors,
  checkDecisionReferences,
  checkLinks,
  codeFiles,
  decisionRecords,
  documents,
  slug,
} from "../scripts/check-links.mjs";
import { scratchDir } from "../scripts/scratch-database.mjs";

// npm run docs:links (scripts/check-links.mjs), which CI runs after lint: a broken link between
// the documents fails it, and so does a reference to a decision that names no record or not what
// the record says. (This file's made-up references are written into scratch folders; the check
// leaves this file itself out.)

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

/** Two records: 0001 (fast CI, with a heading "Form islands") and 0002 (spam). */
const RECORDS = {
  "docs/decisions/0001-fast-ci.md": [
    "# 0001: A fast loop: one migrated test database copied, no retries",
    "",
    "Date: 2026-11-28.",
    "Status: Accepted.",
    "",
    "## Form islands (2026-11-28)",
    "",
    "Measured with migration 0015 applied, on 2026-11-28 at 1,0015 requests.",
  ].join("\n"),
  "docs/decisions/0002-spam-scored-not-blocked.md": [
    "# 0002: Spam is scored from our own signals",
    "",
    "Status: Accepted. Amends 0001 (the loop).",
  ].join("\n"),
};

describe("the decision references' checker", () => {
  it("reads each record's number, title and names from its file and headings", () => {
    const root = repository(RECORDS);
    const { records, faults } = decisionRecords(root);
    expect(faults).toEqual([]);
    expect(records.get("0001")).toEqual({
      file: "docs/decisions/0001-fast-ci.md",
      title: "A fast loop: one migrated test database copied, no retries",
      names: ["fast loop one migrated test database copied no retries", "fast ci", "form islands 2026 11 28"],
    });
    expect(records.get("0002")?.title).toBe("Spam is scored from our own signals");
  });

  it("passes references that name their record, by number, link, file or words, in docs and code", () => {
    const root = repository({
      ...RECORDS,
      "README.md": [
        "# Readme",
        "CI is fast (decision 0001); spam: [decision 0002](docs/decisions/0002-spam-scored-not-blocked.md),",
        "both [decisions 0001](docs/decisions/0001-fast-ci.md), [0002](docs/decisions/0002-spam-scored-not-blocked.md).",
        "Since decision 0001 (2026-11-28, measured) and decisions 0001 and 0002; decision 0001, 'Form islands';",
        'decision 0002 ("spam is scored"), decision 0001 (fast CI), the decision "fast CI", `0001-fast-ci.md`.',
        "```sh",
        "decision 0009 in a code block is not prose",
        "```",
      ].join("\n"),
      "docs/testing.md":
        "See [the loop](decisions/0001-fast-ci.md) and [spam](decisions/0002-spam-scored-not-blocked.md#decision).",
      "server/app.ts":
        "/**\n * Sealed (docs/secrets.md, decision\n * 0002). See docs/decisions/0001-fast-ci.md and 0002.\n */\n",
      "tests/e2e/pages.test.ts": 'it("loads one script (decision 0001)", () => {});\n',
      "budgets.json": '{ "why": "4.2 KB since decision 0001, \'Form islands\'" }\n',
      ".ci/run": '# Ends with each phase\'s time (decision "fast CI").\n',
      "vitest.shared.ts": "// one pool (decision 0001)\n",
    });
    expect(codeFiles(root)).toEqual([
      "budgets.json",
      ".ci/run",
      "vitest.shared.ts",
      "server/app.ts",
      "tests/e2e/pages.test.ts",
    ]);
    expect(checkDecisionReferences(root)).toEqual([]);
  });

  it("fails a wrong number, a link whose text is another record, words of another record, a missing file", () => {
    const root = repository({
      ...RECORDS,
      "README.md": [
        "# Readme",
        "The loop (decision 0003).",
        "Spam: [decision 0001](docs/decisions/0002-spam-scored-not-blocked.md).",
        "Spam again: decision 0002, 'fast CI'.",
        'The decision "quick build".',
        "[fast CI](docs/decisions/0002-spam-scored-not-blocked.md)",
      ].join("\n"),
      "server/app.ts": "// the pool (decision 0004), see docs/decisions/0002-fast-ci.md\n",
      "docs/decisions/0002-spam-scored-not-blocked.md":
        "# 0002: Spam is scored from our own signals\n\nStatus: Superseded by 0009.\n",
    });
    expect(checkDecisionReferences(root)).toEqual([
      { file: "README.md", line: 2, reference: "decision 0003", reason: "no decision 0003" },
      {
        file: "README.md",
        line: 3,
        reference: "[decision 0001](docs/decisions/0002-spam-scored-not-blocked.md)",
        reason: "the link says 0001 but leads to 0002",
      },
      {
        file: "README.md",
        line: 4,
        reference: "decision 0002, 'fast CI'",
        reason: '0002 is "Spam is scored from our own signals"; "fast ci" is 0001',
      },
      {
        file: "README.md",
        line: 5,
        reference: 'decision "quick build"',
        reason: 'no decision is called "quick build"',
      },
      {
        file: "README.md",
        line: 6,
        reference: "[fast CI](docs/decisions/0002-spam-scored-not-blocked.md)",
        reason: '0002 is "Spam is scored from our own signals"; "fast ci" is 0001',
      },
      {
        file: "docs/decisions/0002-spam-scored-not-blocked.md",
        line: 3,
        reference: "0009",
        reason: "no decision 0009",
      },
      {
        file: "server/app.ts",
        line: 1,
        reference: "docs/decisions/0002-fast-ci.md",
        reason: "no such file: 0002 is docs/decisions/0002-spam-scored-not-blocked.md",
      },
      { file: "server/app.ts", line: 1, reference: "decision 0004", reason: "no decision 0004" },
    ]);
  });

  it("fails a record whose heading has another number, and two records with one number", () => {
    const root = repository({
      ...RECORDS,
      "docs/decisions/0003-proxy-trust.md": "# 0004: TRUST_PROXY=N\n",
      "docs/decisions/0003-streamed-backups.md": "# 0003: Backups streamed\n",
    });
    expect(checkDecisionReferences(root)).toEqual([
      {
        file: "docs/decisions/0003-proxy-trust.md",
        line: 1,
        reference: "# 0004: TRUST_PROXY=N",
        reason: 'a record starts "# 0003: Title", its file\'s number',
      },
      {
        file: "docs/decisions/0003-streamed-backups.md",
        line: 1,
        reference: "0003",
        reason: "docs/decisions/0003-proxy-trust.md has this number too",
      },
    ]);
  });

  it("npm run docs:links fails on a reference to the wrong decision, and passes once it is right", () => {
    const script = path.resolve(import.meta.dirname, "../scripts/check-links.mjs");
    const root = repository({
      ...RECORDS,
      "server/outbox.ts": "// short leases (decision 0002, 'fast CI')\n",
    });
    const failed = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      `server/outbox.ts:1  decision 0002, 'fast CI'  (0002 is "Spam is scored from our own signals"; "fast ci" is 0001)`,
    );

    writeFileSync(path.join(root, "server/outbox.ts"), "// short leases (decision 0001, 'fast CI')\n");
    const passed = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
    expect(passed.stderr).toBe("");
    expect(passed.status).toBe(0);
  });
});
