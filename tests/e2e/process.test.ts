import { execFileSync, spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD_MIN } from "../../common/staff/passwords";
import { ROLE_MESSAGES } from "../../common/staff/roles";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { freePort, SERVER_COMMAND, signIn, startBuiltServer } from "../../scripts/server-process.mjs";

const adminCli = (dataDir: string, ...args: string[]) =>
  execFileSync(process.execPath, ["build/server-app/admin.js", ...args], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });

/** Runs a built entry in the background: its output so far, and its exit code once done. */
async function run(entry: string, dataDir: string, ...args: string[]) {
  const port = String(await freePort());
  const child = spawn(process.execPath, [`build/server-app/${entry}`, ...args], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "warn", PORT: port },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { output: () => output, exited };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe("server process", () => {
  it("lets one process at a time open the embedded database; admin commands wait for it", async () => {
    const dataDir = scratchDir("site-process-");
    const server = await startBuiltServer({ DATA_DIR: dataDir });
    const holder = `process ${server.child.pid} on `;

    const second = await run("main.js", dataDir);
    const cli = await run(
      "admin.js",
      dataDir,
      "create",
      "--email",
      "later@example.co.uk",
      "--password",
      "long-enough-1",
    );
    // The second server waits a little (a restart may overlap the old process), then gives up.
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by ${holder}`);
    expect(second.output()).toMatch(/\(server\) since \d{4}-\d\d-\d\dT/);
    expect(second.output()).toContain("Stop that process first");

    await until(() => cli.output().includes("Waiting for it"));
    expect(cli.output()).toContain(`is in use by ${holder}`);
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain("Created administrator later@example.co.uk");
    expect(adminCli(dataDir, "list").trim().split("\n")).toContain("later@example.co.uk");
  }, 180_000); // a 15 s wait for the lock on top of two starts, on a busy machine

  it("takes over the lock of a server killed outright", async () => {
    const dataDir = scratchDir("site-process-");
    const killed = await startBuiltServer({ DATA_DIR: dataDir });
    await killed.stop("SIGKILL");
    const next = await startBuiltServer({ DATA_DIR: dataDir });
    expect((await fetch(`${next.url}/api/healthz`)).status).toBe(200);
    expect(await next.stop()).toBe(0);
  });

  it("creates an account of the role named on the command line, refusing an unknown role", () => {
    const dataDir = scratchDir("site-process-");
    const args = ["--email", "writer@example.co.uk", "--password", "writer-password-1"];
    expect(adminCli(dataDir, "create", ...args, "--role", "editor")).toContain(
      "Created administrator writer@example.co.uk (Editor)",
    );
    const refused = spawnSync(
      process.execPath,
      [
        "build/server-app/admin.js",
        "create",
        "--email",
        "boss@example.co.uk",
        "--password",
        "boss-password-1",
        "--role",
        "boss",
      ],
      { env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "silent" }, encoding: "utf8" },
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(ROLE_MESSAGES.invalidRole);
    expect(adminCli(dataDir, "list").trim().split("\n")).toEqual(["writer@example.co.uk"]);
  });

  it("keeps an administrator across a graceful restart", async () => {
    const dataDir = scratchDir("site-process-");
    adminCli(dataDir, "create", "--email", "Office@Example.co.uk", "--password", "first-password-1");

    const first = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    // An administrator exists, so no password is generated.
    expect(first.output()).not.toContain("Created administrator");
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(first.output()).toContain("shutting down");

    const second = await startBuiltServer({ DATA_DIR: dataDir });
    expect((await fetch(`${second.url}/api/healthz`)).status).toBe(200);
    const auth = await signIn(second.url, { email: "office@example.co.uk", password: "first-password-1" });
    expect(await second.stop("SIGINT")).toBe(0);

    expect(adminCli(dataDir, "list").trim().split("\n")).toEqual(["office@example.co.uk"]);
    expect(
      adminCli(
        dataDir,
        "reset-password",
        "--email",
        "office@example.co.uk",
        "--password",
        "second-password-2",
      ),
    ).toContain("every session of it is signed out");
    // The reset signs the account out everywhere: the session from before is gone.
    const third = await startBuiltServer({ DATA_DIR: dataDir });
    const profile = await fetch(`${third.url}/api/admin/profile`, {
      headers: { authorization: `Bearer ${auth}` },
    });
    expect(profile.status).toBe(401);
    expect(await third.stop()).toBe(0);
    // A hang guard, not a measure: three starts, three stops and four CLI runs, each a cold start
    // on its own (65 s in all beside CI's other work on 2026-12-02, over the 60 s default).
  }, 180_000);

  it("prints a generated password once when no administrator exists", async () => {
    const dataDir = scratchDir("site-process-");
    const first = await startBuiltServer({ DATA_DIR: dataDir });
    expect(first.output()).toMatch(/Created administrator admin@localhost with password \S{16,}/);
    expect(await first.stop()).toBe(0);
    const second = await startBuiltServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain("Created administrator");
    expect(await second.stop()).toBe(0);
  });

  it("refuses a duplicate administrator and a short password from the CLI", () => {
    const dataDir = scratchDir("site-process-");
    adminCli(dataDir, "create", "--email", "a@example.co.uk", "--password", "long-enough-1");
    const env = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir };
    const dup = spawnSync(
      process.execPath,
      ["build/server-app/admin.js", "create", "--email", "A@example.co.uk", "--password", "long-enough-2"],
      { env, encoding: "utf8" },
    );
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain("already exists");
    const short = spawnSync(
      process.execPath,
      ["build/server-app/admin.js", "reset-password", "--email", "a@example.co.uk", "--password", "short"],
      { env, encoding: "utf8" },
    );
    expect(short.status).toBe(1);
    expect(short.stderr).toContain(`at least ${ADMIN_PASSWORD_MIN} characters`);
  });

  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "postgres//broken"],
  ])("stops with one clear line for %s=%s", (name, value) => {
    // As every start runs it: under node's flags (without them the server adds a warning line).
    const result = spawnSync(process.execPath, SERVER_COMMAND, {
      env: { ...process.env, DATA_DIR: scratchDir("site-config-"), [name]: value },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});
