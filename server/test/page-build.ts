import type { FastifyInstance } from "fastify";
import type { EntryContext, ServerBuild } from "react-router";
import { buildApp } from "../app";
import { openTestDatabase, testConfig } from "./harness";

/** A route of a test build: where it answers and its module (an action, a loader). */
export interface TestRoute {
  path: string;
  module: Record<string, unknown>;
}

/**
 * A React Router server build of `routes` under an empty root, for tests of what reaches the pages
 * through Fastify (server/pages/pages.ts) without a production build. A document request answers
 * its action's data as JSON (no HTML is rendered); a redirect, a `.data` request and a thrown
 * answer are React Router's own.
 */
export function testPageBuild(routes: Record<string, TestRoute>): ServerBuild {
  const children = Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }]),
  );
  const render = (_request: Request, status: number, headers: Headers, context: EntryContext) => {
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(context.staticHandlerContext.actionData ?? null), { status, headers });
  };
  return {
    entry: { module: { default: render } },
    routes: { root: { id: "root", path: "", module: {} }, ...children },
    assets: { version: "test", url: "/manifest.js", entry: { module: "/entry.js", imports: [] }, routes: {} },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** An app with pages from `routes` (testPageBuild) on a fresh database; close it after the tests. */
export async function buildPagesTestApp(
  kind: "pglite" | "postgres",
  routes: Record<string, TestRoute>,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const database = await openTestDatabase(kind);
  return buildApp({
    config: testConfig(env),
    database,
    logger: false,
    pages: { build: testPageBuild(routes), mode: "development" },
  });
}
