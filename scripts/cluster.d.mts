// Types of scripts/cluster.mjs for the TypeScript tests that use it.
import type { RunningServer } from "./server-process.mjs";

/** One production instance (scripts/server-process.mjs startBuiltServer). */
export type Instance = RunningServer;

export const NGINX: string;
export const MAIL_TO: string;
export function renderNginxTemplate(values: Record<string, string>): string;
export function startBalancer(
  ports: number[],
): Promise<{ url: string; output(): string; stop(): Promise<void> }>;
export interface MailSink {
  url: string;
  messages: string[];
  /** performance.now() when the last message was accepted (0: none yet). */
  lastAt(): number;
  close(): Promise<void>;
}
export function startMailSink(): Promise<MailSink>;

export interface Cluster {
  url: string;
  instances: Instance[];
  balancer: { url: string; output(): string; stop(): Promise<void> };
  mail: MailSink;
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
