// Bundles the Fastify server and the admin CLI into build/server-app/ (packages stay external),
// pre-compresses the hashed client assets so they are served without runtime compression, and
// makes the empty embedded database a first start copies (build/database).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

export async function buildServer() {
  await build({
    entryPoints: {
      server: "server/main.ts",
      admin: "server/cli/admin.ts",
      "database-template": "server/db/build-template.ts",
    },
    outdir: "build/server-app",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  // React and React Router pick their production builds from NODE_ENV when first imported, and
  // ES module imports run before any statement of the importing module: so the entry sets it
  // first, then loads the bundle.
  writeFileSync(
    "build/server-app/main.js",
    '// Production entry: see scripts/build-server.mjs.\nprocess.env.NODE_ENV ??= "production";\nawait import("./server.js");\n',
  );
}

function precompress(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|svg|json|txt|xml|map)$/.test(name)) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  precompress("build/client");
  await import("../build/server-app/database-template.js");
}
