// Types of scripts/server-process.mjs for the TypeScript tests that use it.
import type { ChildProcessWithoutNullStreams } from "node:child_process";

export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare const SERVER_ENTRY: string;
export declare const SERVER_COMMAND: string[];
export declare function freePort(): Promise<number>;
export declare function ensureBuild(options?: { force?: boolean }): void;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcessWithoutNullStreams;
  /** Milliseconds from spawn to the first healthy /api/healthz. */
  startMs: number;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | string | null>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}
export declare function startBuiltServer(
  env?: Record<string, string | undefined>,
  options?: { echo?: boolean; timeoutMs?: number },
): Promise<RunningServer>;
export declare function signIn(
  url: string,
  credentials: { email: string; password: string },
): Promise<string>;
