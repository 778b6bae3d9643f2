import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { startBuiltServer } from "../../scripts/server-process.mjs";

/** npm run backup while the server runs, npm run restore into a fresh DATA_DIR, same posts served. */
const run = promisify(execFile);
const data = (args: string[], dataDir: string) =>
  run(process.execPath, ["scripts/data.mjs", ...args], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
const fresh = () => scratchDir("site-backup-");
const posts = async (url: string) => (await (await fetch(`${url}/api/blog`)).json()).result;

describe("backup and restore of the embedded database", () => {
  it("never signals a lock holder of another host: says where to run the backup instead", async () => {
    const dataDir = fresh();
    // A live process of this host whose pid the other host's lock happens to name.
    const bystander = spawn("sleep", ["30"]);
    try {
      writeFileSync(
        path.join(dataDir, "db.lock"),
        JSON.stringify({
          pid: bystander.pid,
          hostname: "site-container-1",
          since: new Date().toISOString(),
          command: "server",
          token: "elsewhere",
        }),
      );
      const failed = await data(["backup", "--file", path.join(dataDir, "b.json")], dataDir).catch((e) => e);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("on site-container-1 (server)");
      expect(failed.stderr).toContain("Run npm run backup where that server runs");
      await new Promise((resolve) => setTimeout(resolve, 300)); // a signal's exit event would be in
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
    } finally {
      bystander.kill();
    }
  });

  it("snapshots a running server and restores it into a fresh DATA_DIR serving the same posts", async () => {
    const source = fresh();
    const original = await startBuiltServer({ DATA_DIR: source, SEED_DEMO: "1" });
    const file = path.join(fresh(), "site.json");
    let before: unknown;
    try {
      before = await posts(original.url);
      const { stdout } = await data(["backup", "--file", file], source);
      expect(stdout).toContain("a snapshot taken by the running server");
      // While the server holds the database, a restore into it is refused with the holder named.
      await expect(data(["restore", "--file", file], source)).rejects.toThrow(
        /in use by process \d+ .*\(server\)/,
      );
    } finally {
      await original.stop();
    }
    const target = fresh();
    expect((await data(["restore", "--file", file], target)).stdout).toMatch(
      /Imported 1 admins, .*3 blog_posts, .*3 images/,
    );
    await expect(data(["restore", "--file", file], target)).rejects.toThrow(/The database is not empty/);
    const restored = await startBuiltServer({ DATA_DIR: target, SEED_DEMO: "1" });
    try {
      expect(await posts(restored.url)).toEqual(before);
      const [first] = before as Array<{ _id: string; content: Array<{ img: string | null }> }>;
      const image = first.content.find((p) => p.img)?.img;
      if (image) expect((await fetch(`${restored.url}/api/blog/blog-image/${image}`)).status).toBe(200);
    } finally {
      await restored.stop();
    }
  });
});
