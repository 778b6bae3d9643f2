// Debian's nginx (bench only: `apt-get install nginx`) serving fixed bytes from disk, as the
// yardstick for the page cache: the same bytes the app sent, with the same Content-Encoding.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { scratchDir } from "./scratch-database.mjs";
import { freePort } from "./server-process.mjs";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** Starts nginx with one exact location per page: `{ path, body, type, encoding }`. */
export async function startNginx(pages) {
  if (!existsSync(NGINX)) return undefined;
  const dir = scratchDir("bench-nginx-");
  const port = await freePort();
  const locations = pages.map(({ path: url, body, type, encoding }, i) => {
    const file = path.join(dir, `page-${i}`);
    writeFileSync(file, body);
    const header = encoding ? `add_header Content-Encoding ${encoding};` : "";
    return `location = ${url} { default_type "${type}"; ${header} try_files /page-${i} =404; }`;
  });
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; ${locations.join("\n    ")} }
}
`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}${pages[0].path}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGQUIT");
      }),
  };
}

/** One GET with the body exactly as sent (fetch would decompress it). */
export function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}
