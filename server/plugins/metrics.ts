import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Headers a reverse proxy adds; a scraper on this machine sends none of them. */
const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "forwarded",
  "via",
];

/**
 * Bearer METRICS_TOKEN when set. Without one, only a scraper on this machine: a loopback peer,
 * no proxy header, and no proxy declared (TRUST_PROXY unset). A local reverse proxy that sends no
 * header at all looks like a local scraper, so with any proxy in front the token is required.
 */
function allowed(request: FastifyRequest, token: string | undefined, proxied: boolean): boolean {
  if (!token)
    return (
      !proxied &&
      LOOPBACK.test(request.socket.remoteAddress ?? "") &&
      !PROXY_HEADERS.some((name) => name in request.headers)
    );
  const given = Buffer.from(request.headers.authorization ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics in Prometheus' text format, per instance: requests and latency by route pattern,
 * each lane of the outbox (backlog, oldest pending, sent, failures), the page cache and the database pool.
 * A registry per app, so tests may build many.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by route pattern",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    // The pattern (/api/blog/:id, /* for pages), never the raw URL: a bounded set of series.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  /** A running total kept elsewhere (the outbox, the page cache), read at each scrape. */
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  // Every lane of the outbox (server/outbox/lane.ts): what waits, and what this instance sent and failed.
  for (const lane of app.services.mail.lanes) {
    const { table, metrics } = lane;
    let waiting = Promise.resolve({ pending: 0, oldest: 0 });
    let readAt = 0;
    /** One query per scrape for the lane's gauges. */
    const readWaiting = () => {
      if (Date.now() - readAt > 1000) {
        readAt = Date.now();
        waiting = app.db
          .select({
            pending: sql<number>`count(*)::int`,
            oldest: sql<number>`coalesce(extract(epoch from now() - min(${table.createdAt})), 0)::float8`,
          })
          .from(table)
          .where(sql`${table.state} = 'pending'`)
          .then(([row]) => ({ pending: Number(row.pending), oldest: Number(row.oldest) }))
          // The database unreachable: the scrape still answers (the backlog is unknown, NaN).
          .catch(() => ({ pending: Number.NaN, oldest: Number.NaN }));
      }
      return waiting;
    };
    gauge(metrics.pending.name, metrics.pending.help, async () => (await readWaiting()).pending);
    if (metrics.oldest)
      gauge(metrics.oldest.name, metrics.oldest.help, async () => (await readWaiting()).oldest);
    total(metrics.sent.name, metrics.sent.help, () => lane.stats().sent);
    total(metrics.failed.name, metrics.failed.help, () => lane.stats().failed);
  }

  total(
    "enquiries_erased_total",
    "Enquiries erased by this instance (UK GDPR erasure and retention)",
    () => app.services.privacy.stats().erased,
  );

  // Free waste reviews (issue 48): booked, refused for a time taken meanwhile, reminders queued.
  total(
    "bookings_total",
    "Free waste reviews booked through this instance",
    () => app.services.bookings.stats().booked,
  );
  total(
    "booking_slot_conflicts_total",
    "Booking tries this instance refused because the time was taken meanwhile (409)",
    () => app.services.bookings.stats().taken,
  );
  total(
    "booking_reminders_total",
    "Reminders a day before a review queued by this instance",
    () => app.services.bookings.stats().reminded,
  );

  // Priced quotes (issue 49): sent, and the customers' answers by their links.
  total(
    "quotes_sent_total",
    "Quotes this instance sent to customers",
    () => app.services.quotes.stats().sent,
  );
  total(
    "quotes_accepted_total",
    "Quotes accepted online through this instance",
    () => app.services.quotes.stats().accepted,
  );
  total(
    "quotes_declined_total",
    "Quotes declined online through this instance",
    () => app.services.quotes.stats().declined,
  );
  total(
    "quote_answers_refused_total",
    "Answers to a quote this instance refused: already answered, replaced or expired (409)",
    () => app.services.quotes.stats().refused,
  );

  // Redirects answered from memory and the missing pages counted in the 404 log (issue 47).
  total(
    "redirects_answered_total",
    "Requests this instance answered from the redirects (301, 302 or 410)",
    () => app.services.redirects.stats().answered,
  );
  total(
    "not_found_pages_total",
    "Missing pages visitors asked for (bots not counted), counted in the 404 log",
    () => app.services.redirects.stats().missed,
  );
  gauge(
    "redirects",
    "Redirects this instance holds in memory",
    () => app.services.redirects.stats().redirects,
  );

  const cache = () => app.pageCache?.stats() ?? { hits: 0, misses: 0, entries: 0, bytes: 0 };
  total("page_cache_hits_total", "Cacheable page requests served from memory", () => cache().hits);
  total("page_cache_misses_total", "Cacheable page requests rendered", () => cache().misses);
  gauge("page_cache_hit_ratio", "Hits over cacheable page requests since start", () => {
    const { hits, misses } = cache();
    return hits + misses === 0 ? 0 : hits / (hits + misses);
  });
  gauge("page_cache_bytes", "Memory held by cached pages", () => cache().bytes);

  const pool = database.pool;
  if (pool) {
    gauge(
      "db_pool_connections",
      "PostgreSQL connections open in this instance's pool",
      () => pool.totalCount,
    );
    gauge("db_pool_idle_connections", "Open connections not in use", () => pool.idleCount);
    gauge("db_pool_waiting_queries", "Queries waiting for a connection", () => pool.waitingCount);
  }
  const broadcast = database.broadcast;
  if (broadcast) {
    gauge(
      "broadcast_listening",
      "1 while this instance hears other instances' changes (LISTEN connection up), else 0",
      () => (broadcast.status().listening ? 1 : 0),
    );
    total(
      "broadcast_losses_total",
      "Times the LISTEN connection was lost (each ends with the page cache emptied)",
      () => broadcast.status().losses,
    );
  }

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, app.config.metricsToken, app.config.trustProxy !== false))
      return reply
        .status(401)
        .send({ status: "Error", message: "Metrics need the METRICS_TOKEN bearer token" });
    reply.header("cache-control", "no-store").type(registry.contentType);
    return registry.metrics();
  });
}
