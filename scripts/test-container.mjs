// The container, proven: builds the image from the Dockerfile with podman and checks what an
// operator relies on. Usage: npm run test:container (CI runs it). Needs podman (Debian's podman and
// runc; see docs/operations.md "Containers"). Where docker.io cannot be reached, the base image is built
// offline first (deploy/container/base-image.sh). Exits non-zero on the first failed check and
// prints the figures docs/operations.md quotes: build time, image size, start to healthz, stop time.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { load, pageFormToken, peakRssMb, quoteFor } from "./bench-lib.mjs";
import { startMailSink } from "./cluster.mjs";
import { freePort, signIn } from "./server-process.mjs";

const IMAGE = process.env.CONTAINER_IMAGE ?? "localhost/organic-waste-site:test";
const BASE = "docker.io/library/node:24-slim";
const CA = process.env.CONTAINER_CA_BUNDLE ?? "/etc/ssl/certs/ca-certificates.crt";
const GRACE_SECONDS = 20; // compose.yaml's stop_grace_period
const ADMIN = { email: "container-admin@example.co.uk", password: "container-password-1" };
const QUOTE = quoteFor("Cora Container", "cora@example.co.uk");
const PEAK_RSS = JSON.parse(readFileSync(new URL("../budgets.json", import.meta.url), "utf8")).server.peakRss;
const LOAD_SECONDS = 5;

const run = (args, options = {}) =>
  execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options }).trim();
const ok = (condition, message) => {
  if (!condition) throw new Error(`container check failed: ${message}`);
  console.log(`ok  ${message}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What podman needs on these machines (docs/operations.md "Containers"), checked before anything is built: a
 * missing piece otherwise surfaces minutes later as an OCI runtime error naming an rlimit.
 */
function checkPodman() {
  const missing = (what, fix) => {
    console.error(`npm run test:container: ${what}.\n${fix}`);
    process.exit(1);
  };
  if (spawnSync("podman", ["--version"]).status !== 0)
    missing("podman is not installed", "Install it: apt-get install -y podman runc");
  const configs = [
    "/etc/containers/containers.conf",
    `${process.env.HOME}/.config/containers/containers.conf`,
  ];
  const config = configs
    .filter(existsSync)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  const settings = `[containers]\ndefault_ulimits = ["nofile=10000:10000", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"`;
  if (!/^\s*default_ulimits\s*=/m.test(config))
    missing(
      "podman has no default_ulimits in containers.conf, so every container dies with an OCI error (setrlimit RLIMIT_NPROC: Operation not permitted)",
      `Write this to /etc/containers/containers.conf:\n${settings}`,
    );
  if (!/^\s*runtime\s*=\s*"runc"/m.test(config))
    missing(
      'podman is not set to runc (crun refuses here: "cgroups in hybrid mode not supported")',
      `apt-get install -y runc, then write this to /etc/containers/containers.conf:\n${settings}`,
    );
}

function baseImage() {
  if (spawnSync("podman", ["image", "exists", BASE]).status === 0) return "present";
  const pulled = spawnSync("timeout", ["60", "podman", "pull", "--quiet", BASE], { stdio: "ignore" });
  if (pulled.status === 0) return "pulled";
  console.log(`${BASE} cannot be pulled: building the offline stand-in (deploy/container/base-image.sh)`);
  execFileSync("bash", ["deploy/container/base-image.sh"], { stdio: "inherit" });
  return "built offline";
}

function buildImage() {
  const secret = existsSync(CA) ? ["--secret", `id=ca,src=${CA}`] : [];
  const started = performance.now();
  const result = spawnSync(
    "podman",
    ["build", "--format", "docker", "--network", "host", ...secret, "-t", IMAGE, "."],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) throw new Error("podman build failed");
  return (performance.now() - started) / 1000;
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`container check failed: timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function startContainer(name, volume, env) {
  const started = performance.now();
  run([
    "run",
    "--detach",
    "--no-healthcheck", // podman runs HEALTHCHECK through systemd timers, absent here
    "--name",
    name,
    "--network",
    "host",
    "--volume",
    `${volume}:/data`,
    ...Object.entries(env).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
    IMAGE,
  ]);
  const url = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitFor(async () => (await fetch(`${url}/api/healthz`)).ok, `${name} /api/healthz`);
  } catch (error) {
    console.error(spawnSync("podman", ["logs", name], { encoding: "utf8" }).stderr);
    throw error;
  }
  return { url, startSeconds: (performance.now() - started) / 1000 };
}

const id = randomUUID().slice(0, 8);
const names = [`site-test-a-${id}`, `site-test-b-${id}`];
const volume = `site-test-${id}`;
let smtp;
checkPodman();
try {
  const base = baseImage();
  const buildSeconds = buildImage();
  const sizeMb = Number(run(["image", "inspect", "--format", "{{.Size}}", IMAGE])) / 1e6;

  ok(
    run(["image", "inspect", "--format", "{{.Config.User}}", IMAGE]) === "node",
    "the image runs as user node",
  );
  const contents = run([
    "run",
    "--rm",
    "--entrypoint",
    "sh",
    IMAGE,
    "-c",
    "ls /app; echo ---; cd /app/node_modules && ls -d * @*/*; echo ---; ls /app/server && ls /app/server/db",
  ]);
  const [top, modules, server] = contents.split("---").map((part) => part.split(/\s+/).filter(Boolean));
  ok(
    ["app", "tests", "scripts", "docs", "common", "public", ".git"].every((entry) => !top.includes(entry)),
    `no sources or tests it does not run (/app holds ${top.join(", ")})`,
  );
  // Every package the lockfile marks dev-only, and TypeScript (an optional peer of @react-router/node).
  const locked = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;
  const devOnly = Object.entries(locked)
    .filter(([key, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key))
    .map(([key]) => key.slice("node_modules/".length));
  const present = [...devOnly, "typescript"].filter((name) => modules.includes(name));
  ok(
    present.length === 0,
    `no dev dependencies in node_modules${present.length ? ` (found ${present})` : ""}`,
  );
  ok(server.join(" ") === "db migrations", "of server/ only the migrations it applies at start");

  const port = await freePort();
  smtp = await startMailSink();
  run(["volume", "create", volume]);
  const env = {
    PORT: String(port),
    SMTP_URL: smtp.url,
    MAIL_TO: "office@example.co.uk",
    AUTO_REPLY: "0", // the office's mail only: no visitor confirmation still sending when it stops
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "0",
  };
  const first = await startContainer(names[0], volume, env);
  ok(true, `/api/healthz answers (${first.startSeconds.toFixed(1)} s from podman run)`);
  ok(run(["exec", names[0], "id", "-u"]) !== "0", "the server process is not root");

  // The memory budget in the container (budgets.json server.peakRss.containerMb, see its why): the
  // server is the container's first process (start.js replaces itself with node under the flags of
  // scripts/node-flags.mjs), so its high-water mark covers the start and the load (budget:server's measure).
  const serverPid = run(["inspect", "--format", "{{.State.Pid}}", names[0]]);
  const startedMb = peakRssMb(serverPid);
  await Promise.all([
    load(`${first.url}/`, {
      duration: LOAD_SECONDS,
      connections: 10,
      headers: { "accept-encoding": "br, gzip" },
    }),
    load(`${first.url}/api/blog`, { duration: LOAD_SECONDS, connections: 10 }),
  ]);
  const peakMb = peakRssMb(serverPid);
  ok(
    peakMb <= PEAK_RSS.containerMb,
    `the server's peak resident memory in the container, through ${LOAD_SECONDS} s of GET / and /api/blog: ${peakMb} MB (${startedMb} MB when healthy; budget ${PEAK_RSS.containerMb} MB, budgets.json server.peakRss.containerMb)`,
  );

  const posted = await fetch(`${first.url}/api/quote`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...QUOTE, formToken: await pageFormToken(first.url) }),
  });
  ok(posted.status === 201, `a quote is accepted (${posted.status})`);
  await waitFor(
    async () => smtp.messages.some((mail) => mail.includes("Cora Container")),
    "the quote's mail",
  );
  ok(true, "the quote is mailed to the SMTP sink");

  const stopStarted = performance.now();
  run(["stop", "--time", String(GRACE_SECONDS), names[0]]);
  const stopSeconds = (performance.now() - stopStarted) / 1000;
  const exitCode = run(["inspect", "--format", "{{.State.ExitCode}}", names[0]]);
  ok(
    exitCode === "0" && stopSeconds < GRACE_SECONDS,
    `podman stop: exit ${exitCode} after ${stopSeconds.toFixed(1)} s`,
  );

  const second = await startContainer(names[1], volume, env);
  const auth = await signIn(second.url, ADMIN);
  const inbox = await (
    await fetch(`${second.url}/api/admin/enquiries`, { headers: { authorization: `Bearer ${auth}` } })
  ).json();
  ok(
    inbox.data?.some(
      (enquiry) => enquiry.kind === "quote" && enquiry.fields?.contact?.name === "Cora Container",
    ),
    "a new container on the same volume still has the quote",
  );

  console.log("\nContainer figures");
  console.table([
    {
      "base image": base,
      "build (s)": buildSeconds.toFixed(0),
      "image size (MB)": sizeMb.toFixed(0),
      "podman run to healthz (s)": first.startSeconds.toFixed(1),
      "restart on the volume to healthz (s)": second.startSeconds.toFixed(1),
      "podman stop (s)": stopSeconds.toFixed(1),
      "peak memory (MB)": peakMb,
    },
  ]);
} finally {
  for (const name of names) spawnSync("podman", ["rm", "--force", "--time", "0", name], { stdio: "ignore" });
  spawnSync("podman", ["volume", "rm", "--force", volume], { stdio: "ignore" });
  spawnSync("podman", ["image", "prune", "--force"], { stdio: "ignore" }); // earlier builds' layers
  await smtp?.close();
}
