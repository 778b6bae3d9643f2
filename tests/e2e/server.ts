import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, SERVER_COMMAND, SERVER_ENV } from "../../scripts/server-process.mjs";

export { freePort };

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the production build (build/server-app/main.js) and waits for /api/healthz. */
export async function startBuiltServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDir("site-e2e-");
  const childEnv: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(process.execPath, SERVER_COMMAND, { env: childEnv, stdio: "pipe" });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let ready = false;
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  while (!ready && !gone && Date.now() < deadline) {
    try {
      ready = (await fetch(`${url}/api/healthz`)).ok;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`server did not become ready:\n${output}`);
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
