import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, MAIL_TO, startCluster } from "../../scripts/cluster.mjs";
import { freePort, signIn } from "../../scripts/server-process.mjs";
import { VALID_QUOTE } from "../../server/test/enquiry-fixtures";
import { formTokens, sendEnquiry } from "./form-tokens";

/**
 * Three production instances on one PostgreSQL and one Redis behind Debian's nginx (round robin),
 * started by scripts/cluster.mjs (`npm run cluster`), with a real SMTP sink. Loopback only.
 */
const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_TEST_URL;
const ADMIN = { email: "cluster-admin@example.co.uk", password: "cluster-password-1" };
const RUN = randomUUID().slice(0, 8);
const METRICS_TOKEN = `metrics-${randomUUID()}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = { "content-type": "application/json" };

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) });
}

/** Polls until `check` is true (state reached through other processes); fails after `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await sleep(100);
  }
}

/** A three-paragraph post without pictures, titled `title`. */
const newsPost = (title: string) => ({
  meta_data_title: title,
  title,
  readTime: 3,
  template: 1,
  content: [0, 1, 2].map((i) => ({ header: i ? `Part ${i}` : "", content: `<p>Part ${i}</p>`, img: null })),
});

const quote = (name: string) => ({
  ...VALID_QUOTE,
  contact: { ...VALID_QUOTE.contact, name, email: `${name}@example.co.uk` },
});

describe.runIf(postgresUrl && redisUrl)("a cluster of instances behind nginx", () => {
  let cluster: Cluster;
  let db: pg.Client;
  let token: string;

  const storedNames = async (prefix: string) =>
    (
      await db.query(
        "select fields->'contact'->>'name' as name from enquiries where fields->'contact'->>'name' like $1",
        [`${prefix}%`],
      )
    ).rows.map((row: { name: string }) => row.name);
  /** The office's mail about a visitor (To: MAIL_TO) and the visitor's confirmation (To: them). */
  const mailsAbout = (name: string) =>
    cluster.mail.messages.filter((raw) => raw.includes(`${name}@example.co.uk`));
  const recipient = (raw: string) => /^To: *(.*)$/im.exec(raw)?.[1] ?? "";
  const officeMails = (name: string) => mailsAbout(name).filter((raw) => recipient(raw).includes(MAIL_TO));
  const confirmations = (name: string) =>
    mailsAbout(name).filter((raw) => recipient(raw).includes(`${name}@example.co.uk`));

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 3,
      postgresUrl,
      redisUrl,
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "0",
        ENQUIRY_RATE_LIMIT: "100000",
        METRICS_TOKEN,
      },
    });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    token = await signIn(cluster.instances[0].url, ADMIN);
  });

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  const bearer = () => ({ authorization: `Bearer ${token}` });

  it("accepts an administrator's session from one instance on every other", async () => {
    for (const instance of cluster.instances) {
      const res = await fetch(`${instance.url}/api/admin/profile`, { headers: bearer() });
      expect(res.status).toBe(200);
    }
  });

  it("stores every enquiry once and mails it exactly once while every instance's outbox runs", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `lead${i}-${RUN}`);
    const tokens = await formTokens(cluster.url, names.length);
    const answers = await Promise.all(
      names.map((name, i) => sendEnquiry(cluster.url, "/api/quote", quote(name), tokens[i])),
    );
    expect(answers.map((res) => res.status)).toEqual(names.map(() => 201));
    expect((await storedNames("lead")).sort()).toEqual([...names].sort());
    await eventually(() =>
      names.every((name) => officeMails(name).length > 0 && confirmations(name).length > 0),
    );
    // Every worker polls every 5 s: after two polls each has had its chance to send a duplicate.
    await sleep(11_000);
    expect(names.map((name) => officeMails(name).length)).toEqual(names.map(() => 1));
    expect(names.map((name) => confirmations(name).length)).toEqual(names.map(() => 1));
  }, 60_000);

  it("leaves exactly one popup active after concurrent activations on different instances", async () => {
    const ids: string[] = [];
    for (const title of ["North", "South", "East"]) {
      const res = await post(
        `${cluster.url}/api/admin/popup-message`,
        { title: `${title} ${RUN}`, content: "Hi" },
        bearer(),
      );
      expect(res.status).toBe(201);
      ids.push((await res.json()).data._id);
    }
    const answers = await Promise.all(
      ids.map((id, i) =>
        fetch(`${cluster.instances[i].url}/api/admin/activate-popup/${id}`, {
          method: "PUT",
          headers: bearer(),
        }),
      ),
    );
    expect(answers.every((res) => res.ok)).toBe(true);
    const { rows } = await db.query("select count(*)::int as n from popups where activated");
    expect(rows[0].n).toBe(1);
  });

  it("stops login guessing at the same count whichever instance answers (Redis counters)", async () => {
    const guess = { email: `nobody-${RUN}@example.co.uk`, password: "wrong-password" };
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await post(`${cluster.instances[i % 3].url}/api/admin/login`, guess)).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429, 429]);
  });

  it("refuses sign-in with a clear log line while Redis is unreachable (fail closed)", async () => {
    const cut = await cluster.startInstance({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const res = await post(`${cut.url}/api/admin/login`, ADMIN);
    expect(res.status).toBe(503);
    expect(cut.output()).toContain("Redis unreachable: sign-in is refused until it answers");
    await eventually(() =>
      cut.output().includes("login limit unavailable (Redis unreachable): sign-in refused"),
    );
    await cut.stop();
  });

  it("shows a content change made through one instance on every instance's next page", async () => {
    for (const instance of cluster.instances) await fetch(`${instance.url}/blog`);
    for (const instance of cluster.instances)
      expect((await fetch(`${instance.url}/blog`)).headers.get("x-page-cache")).toBe("hit");
    const title = `Cluster news ${RUN}`;
    const created = await post(`${cluster.instances[0].url}/api/admin`, newsPost(title), bearer());
    expect(created.status).toBe(201);
    // The other instances hear of it through PostgreSQL NOTIFY, delivered within milliseconds.
    for (const instance of cluster.instances)
      await eventually(
        async () => (await (await fetch(`${instance.url}/blog`)).text()).includes(title),
        5_000,
      );
  });

  it("hears changes again after PostgreSQL drops every connection and refuses new ones for a while", async () => {
    const metric = async (url: string, name: string) => {
      const text = await (
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    };
    const database = new URL(cluster.databaseUrl).pathname.slice(1);
    const [{ pid: keep }] = (await db.query("select pg_backend_pid() as pid")).rows;
    const server = new pg.Client({ connectionString: postgresUrl });
    await server.connect();
    try {
      // What a restart looks like to the instances: every connection cut, new ones refused for 4 s
      // (so the first reconnects fail), then the server is back.
      await server.query(`alter database ${database} with allow_connections false`);
      await server.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2",
        [database, keep],
      );
      for (const instance of cluster.instances)
        await eventually(async () => (await metric(instance.url, "broadcast_listening")) === 0, 5_000);
      await sleep(4_000);
    } finally {
      await server.query(`alter database ${database} with allow_connections true`);
      await server.end();
    }
    for (const instance of cluster.instances) {
      await eventually(async () => (await metric(instance.url, "broadcast_listening")) === 1, 45_000);
      expect(await metric(instance.url, "broadcast_losses_total")).toBeGreaterThanOrEqual(1);
      await fetch(`${instance.url}/blog`); // cached again after the reconnect emptied the cache
    }
    const title = `After the restart ${RUN}`;
    await eventually(async () => {
      const created = await post(`${cluster.instances[1].url}/api/admin`, newsPost(title), bearer());
      return created.status === 201;
    }, 10_000);
    for (const instance of cluster.instances)
      await eventually(
        async () => (await (await fetch(`${instance.url}/blog`)).text()).includes(title),
        5_000,
      );
  });

  it("loses no acknowledged enquiry when an instance is killed mid-load; the others go on serving", async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    // Each enquiry carries a page's form token of its own (without one it is Spam, never mailed).
    const tokens = await formTokens(cluster.url, 1_500);
    const client = async (worker: number) => {
      for (let token = tokens.pop(); !stop && token; token = tokens.pop()) {
        const name = `kill${worker}x${sent++}-${RUN}`;
        const res = await sendEnquiry(cluster.url, "/api/quote", quote(name), token).catch(() => undefined);
        if (res?.status === 201) acknowledged.push(name);
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(client));
    await sleep(1_000);
    cluster.instances[1].child.kill("SIGKILL");
    const killedAt = Date.now();
    await cluster.instances[1].exited;
    const atKill = acknowledged.length;
    await sleep(2_000);
    stop = true;
    await load;
    expect(acknowledged.length).toBeGreaterThan(atKill); // still accepting after the kill
    expect((await storedNames("kill")).sort()).toEqual(expect.arrayContaining(acknowledged));
    const { rows } = await db.query(
      "select count(*)::int as n from mail_outbox o join enquiries e on e.id = o.enquiry_id where e.fields->'contact'->>'name' like 'kill%'",
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(acknowledged.length);
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/`)).status).toBe(200);
    // Every lead reaches the office within 30 s of the kill, the mail the killed instance had
    // claimed too (its short leases lapse and another instance sends it).
    await eventually(
      () => acknowledged.every((name) => officeMails(name).length > 0),
      killedAt + 30_000 - Date.now(),
    );
    console.log(`last office mail ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);
  }, 60_000);
});
