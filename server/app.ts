import { randomUUID } from "node:crypto";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import type { Redis } from "ioredis";
import { proxyTrust, trustedPeer } from "./client-address";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { lazySchemaCompilers } from "./lazy-compilers";
import { prettyStream, wantsPretty } from "./log-format";
import { LOG_SERIALIZERS } from "./log-safety";
import { type PagesOptions, registerPages } from "./pages/pages";
import { registerRedirects } from "./pages/redirects";
import { answerFrameworkError, registerErrorHandling } from "./plugins/errors";
import { registerInputHygiene } from "./plugins/input";
import { registerMetrics } from "./plugins/metrics";
import { registerSecurity } from "./plugins/security";
import { apiRoutes } from "./routes";
import { createServices, type Services } from "./services";
import { shareContentVersion } from "./services/content/content-version";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    services: Services;
    config: Config;
    /** Set on SIGTERM: the instance finishes its work while /api/readyz asks for no more. */
    draining: boolean;
  }
}

export interface AppOptions {
  config: Config;
  /** Owned by the app from here on: closed when the app closes. */
  database: DatabaseHandle;
  /** Serve pages too (production build or Vite); API-only without it (API tests). */
  pages?: PagesOptions;
  logger?: FastifyServerOptions["logger"];
  /** Prefix for every Redis key (tests share one Redis); REDIS_KEY_PREFIX without it. */
  redisKeyPrefix?: string;
}

async function connectRedis(app: FastifyInstance, url: string, keyPrefix?: string): Promise<Redis> {
  // Loaded only when configured: most sites run one instance and never pay for the client.
  // The default export: the class itself, whether ioredis is loaded as a package or from the
  // server bundle's chunk (where its named exports are not copied).
  const { default: Redis } = await import("ioredis");
  // While Redis is down, commands fail at once rather than queueing for the next reconnect.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, keyPrefix });
  let down = false;
  redis.on("error", (error) => {
    if (down) return;
    down = true; // one line per outage, not one per reconnect attempt
    app.log.error(
      { err: error },
      "Redis unreachable: sign-in is refused until it answers; enquiries are not limited",
    );
  });
  redis.on("ready", () => {
    if (down) app.log.info("Redis reachable again");
    down = false;
  });
  app.addHook("onClose", async () => redis.disconnect());
  return redis;
}

const REQUEST_ID = /^[\w-]{1,100}$/;

/**
 * One log line a request, written when it is answered, with the request and its answer. Fastify's
 * own request logging writes two ("incoming request", "request completed"): one says the same at
 * half the cost, and under a load of thousands of requests a second the second line cost 5-20 MB of
 * peak memory (docs/benchmarks.md "Budgets"). Its other per-request lines (route not found, the default error
 * handler's) stay off: server/plugins/errors.ts logs errors itself.
 */
class OneLineARequest extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fromProxy = trustedPeer(config.trustProxy);
  // Every logger of the app, a test's too, logs errors without the data they carry.
  const logger: FastifyServerOptions["logger"] =
    typeof options.logger === "object"
      ? { serializers: LOG_SERIALIZERS, ...options.logger }
      : (options.logger ?? {
          level: config.logLevel,
          redact: ["req.headers.authorization", "req.headers.cookie"],
          serializers: LOG_SERIALIZERS,
          ...(wantsPretty(config.logFormat) ? { stream: prettyStream() } : {}),
        });
  const app = Fastify({
    logger,
    // A function, not the raw setting: Fastify trusts nothing for a bare hop count (it cannot
    // tell a proxy from a client that sends X-Forwarded-For itself); proxyTrust can.
    trustProxy: proxyTrust(config.trustProxy),
    // A client's own X-Request-Id is believed only when a trusted proxy set it.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) && fromProxy(req.socket.remoteAddress)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new OneLineARequest(),
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    schemaController: lazySchemaCompilers,
  });

  if (config.trustProxy === true)
    app.log.warn(
      "TRUST_PROXY=true believes X-Forwarded-For from every client, so any client can pick its own address " +
        "for rate limits: set the number of proxies (e.g. TRUST_PROXY=1) or their addresses/CIDR ranges",
    );

  // With REDIS_URL the rate-limit and login counters are shared by all instances.
  const redis = config.redisUrl
    ? await connectRedis(app, config.redisUrl, options.redisKeyPrefix ?? config.redisKeyPrefix)
    : undefined;
  const services = createServices(database.db, config, { redis });
  if (database.broadcast) {
    shareContentVersion(services.contentVersion, database.broadcast);
    database.broadcast.watch((event) => {
      if (event.kind === "lost")
        app.log.warn({ err: event.error }, "lost the connection that hears other instances; reconnecting");
      else if (event.kind === "retry-failed")
        app.log.warn(
          { err: event.error, attempt: event.attempt },
          "reconnecting to hear other instances failed",
        );
      else
        app.log.info(
          { downMs: event.downMs },
          "hearing other instances again; cached pages emptied (changes may have been missed)",
        );
    });
  }
  app.decorate("db", database.db);
  app.decorate("services", services);
  app.decorate("config", config);
  app.decorate("draining", false);
  app.decorate("adminRoutes", []);
  app.decorate("routeDuties", []);
  app.addHook("onClose", () => database.close());
  // Every worker of the list stops before the database closes: the outbox finishes its pass, the
  // Insights write their last counts (server/workers.ts). A test's app stops the same way.
  app.addHook("preClose", () => services.workers.stop());

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

  // Routes opt in with `config.rateLimit`.
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

  registerMetrics(app, database); // before the routes, so its hook sees all of them
  // Redirects before any route: a redirected path never reaches the page cache or a render.
  registerRedirects(app, services.redirects);
  await app.register(apiRoutes, { prefix: "/api" });
  if (options.pages) await registerPages(app, services, options.pages);
  return app;
}
