// Types of scripts/cluster.mjs for the TypeScript tests that use it.
import type { ChildProcess } from "node:child_process";

export const NGINX: string;
export const MAIL_TO: string;
export function freePort(): Promise<number>;
export function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }>;

export interface Instance {
  url: string;
  port: number;
  child: ChildProcess;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | string | null>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}
export function startInstance(env?: Record<string, string | undefined>): Promise<Instance>;
export function renderNginxTemplate(values: Record<string, string>): string;
export function startBalancer(
  ports: number[],
): Promise<{ url: string; output(): string; stop(): Promise<void> }>;
export function startMailSink(): Promise<{ url: string; messages: string[]; close(): Promise<void> }>;

export interface Cluster {
  url: string;
  instances: Instance[];
  balancer: { url: string; output(): string; stop(): Promise<void> };
  mail: { url: string; messages: string[] };
  databaseUrl: string;
  redisKeyPrefix: string;
  env: Record<string, string>;
  startInstance(extra?: Record<string, string | undefined>): Promise<Instance>;
  stop(): Promise<void>;
}
export function startCluster(options: {
  instances?: number;
  postgresUrl: string | undefined;
  redisUrl: string | undefined;
  env?: Record<string, string>;
}): Promise<Cluster>;
