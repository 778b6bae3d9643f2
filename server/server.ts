import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { answerBackupRequests } from "./db/backup";
import type { DatabaseHandle } from "./db/client";
import type { PagesOptions } from "./pages/pages";
import { SecretsKeyError } from "./secrets/keyring";
import { protectSecrets, unreadableMessage } from "./secrets/protect";
import { seedDemoContentOnce } from "./seed/seed";

/**
 * What an instance does before it serves: the administrator from ADMIN_EMAIL (or a generated one),
 * then the demo content. Run under the database's first-start lock, after the migrations, so
 * replicas started together on an empty database each find the previous one's work done.
 */
async function firstStartSteps(app: FastifyInstance, config: Config) {
  // Secrets still in plaintext (a database from before sealing) are sealed; none unreadable.
  const keyring = app.services.keyring;
  if (keyring.madeFile)
    app.log.warn(
      { file: keyring.madeFile },
      "made the secrets key: keep a copy apart from the backups, a restore needs it (docs/secrets-key.md)",
    );
  const secrets = await protectSecrets(app.db, keyring);
  if (secrets.unreadable.length > 0) throw new SecretsKeyError(unreadableMessage(secrets, keyring));
  if (secrets.sealed + secrets.renewed > 0)
    app.log.info({ sealed: secrets.sealed, renewed: secrets.renewed }, "secrets in the database sealed");
  // Together: the password hashing runs on libuv's thread pool while the demo content is written.
  const [created, seeded] = await Promise.all([
    app.services.accounts.bootstrap({
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      fallbackEmail: `admin@${new URL(config.siteUrl).hostname}`,
    }),
    config.seedDemo ? seedDemoContentOnce(app.db, config) : false,
  ]);
  if (created?.generatedPassword) {
    // Printed once, to the console only: no administrator existed, so one was made.
    console.log(
      `\nCreated administrator ${created.email} with password ${created.generatedPassword}\n` +
        "Sign in at /admin and change it with: npm run admin -- reset-password --email <email> --password <new>\n",
    );
  } else if (created) {
    app.log.info({ email: created.email }, "administrator created from ADMIN_EMAIL");
  }
  if (seeded) app.log.info("demo content added");
}

/**
 * Builds the app on the database (`server-database.ts`, opened by the caller meanwhile),
 * bootstraps the administrator, listens. The pages may still be loading too (start-up time).
 */
export async function startServer(
  config: Config,
  pages: PagesOptions | Promise<PagesOptions>,
  opening: Promise<DatabaseHandle>,
) {
  // Where a start's time goes, in milliseconds since the process began (performance.now()).
  const startedAt: Record<string, number> = { modulesLoaded: Math.round(performance.now()) };
  const database = await opening;
  startedAt.databaseOpen = Math.round(performance.now());
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, pages: await pages });
    startedAt.appBuilt = Math.round(performance.now());
  } catch (error) {
    await database.close();
    throw error;
  }

  try {
    // Together: the plugins and routes are readied (this thread) while the first-start steps wait
    // on the database and the password hash (libuv's thread pool). Nothing is served before both.
    await Promise.all([database.firstStart(() => firstStartSteps(app, config)), app.ready()]);
  } catch (error) {
    await app.close();
    throw error;
  }

  startedAt.ready = Math.round(performance.now());
  await app.listen({ port: config.port, host: config.host });
  startedAt.listening = Math.round(performance.now());
  app.log.info({ startedAt }, "started");
  // The timed workers, one list (server/services/index.ts): the outbox (every 5 s and when woken),
  // scheduled posts (within 10 s of their time), the Insights' flush (every 10 s), the retention
  // of enquiries and of the audit log (hourly). The app's close stops them (server/app.ts).
  app.services.workers.start(app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true; // /api/readyz answers 503 from now on
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, "shutting down: draining requests");
    // No new mail is claimed from now on (the workers that stop when draining: the outbox); the
    // sends in flight finish before the database closes.
    app.services.workers.drain().catch((error) => app.log.error({ err: error }, "workers' drain failed"));
    const force = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownDelayMs + 10_000);
    force.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    }, config.shutdownDelayMs);
  };
  if (!config.databaseUrl)
    // npm run backup asks for a snapshot of the embedded database (server/db/backup.ts).
    process.on("SIGUSR2", () => {
      answerBackupRequests(app.db, config.dataDir).then(
        (files) => app.log.info({ files }, "backup written"),
        (error) => app.log.error({ err: error }, "backup failed"),
      );
    });
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return app;
}
