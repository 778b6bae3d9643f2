import { randomUUID } from "node:crypto";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { answerFrameworkError, registerErrorHandling } from "./plugins/errors";
import { registerInputHygiene } from "./plugins/input";
import { type PagesOptions, registerPages } from "./plugins/pages";
import { registerSecurity } from "./plugins/security";
import { apiRoutes } from "./routes";
import { createServices, type Services } from "./services";
import { shareContentVersion } from "./services/content-version";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    services: Services;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  /** Owned by the app from here on: closed when the app closes. */
  database: DatabaseHandle;
  /** Serve pages too (production build or Vite); API-only without it (API tests). */
  pages?: PagesOptions;
  logger?: FastifyServerOptions["logger"];
}

const REQUEST_ID = /^[\w-]{1,100}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    // A number means that many hops (supported by Fastify, missing from its types).
    trustProxy: config.trustProxy as boolean | string,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return config.trustProxy && typeof incoming === "string" && REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  });

  const services = createServices(database.db, config);
  if (database.broadcast) shareContentVersion(services.contentVersion, database.broadcast);
  app.decorate("db", database.db);
  app.decorate("services", services);
  app.decorate("config", config);
  app.addHook("onClose", () => database.close());

  registerErrorHandling(app);
  registerInputHygiene(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Dynamic responses: a fast brotli level; static assets are pre-compressed at quality 11.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Routes opt in with `config.rateLimit`; with REDIS_URL the counters are shared by all instances.
  // Loaded only when configured: most sites run one instance and never pay for the client.
  const redis = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void redis.quit().catch(() => {}));
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true, // a Redis outage must not turn away leads
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: "Error",
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 60_000)} minute(s).`,
    }),
  });

  await app.register(apiRoutes, { prefix: "/api" });
  if (options.pages) await registerPages(app, services, options.pages);
  return app;
}
