// Bundles the Fastify server and the admin CLI into build/server-app/ (with their packages),
// pre-compresses the hashed client assets so they are served without runtime compression, and
// makes the empty embedded database a first start copies (build/database).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { asciiOnlyFile } from "./ascii-only.mjs";
import { SERVER_NODE_ARGS } from "./node-flags.mjs";

/**
 * zod re-exports its forty-odd locales as one namespace (`z.locales`), which a bundler must keep
 * whole (about 300 KB the server would parse at every start). The server uses English only, the
 * locale zod sets itself: `z.locales` holds just that one here.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|mini|core)[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

export async function buildServer() {
  await build({
    plugins: [zodEnglishOnly],
    entryPoints: {
      server: "server/main.ts",
      admin: "server/cli/admin.ts",
      data: "server/cli/data.ts",
      secrets: "server/cli/secrets.ts",
      "database-template": "server/db/build-template.ts",
      // The container's command: main.js under the flags of scripts/node-flags.mjs.
      start: "scripts/launch-server.mjs",
    },
    outdir: "build/server-app",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages are bundled too (one file to read and parse at start instead of several hundred
    // modules to resolve), except those that must stay files of their own: native code and
    // WebAssembly loaded from beside their module, optional peers, and React with React Router,
    // which the React Router build in build/server imports itself (one copy, one router context).
    external: [
      "@electric-sql/pglite",
      "sharp",
      // Reads its fonts' metrics from files beside its module; loaded on the first quote's PDF.
      "pdfkit",
      "pg-native",
      "react",
      "react-dom",
      "react-router",
      "@react-router/*",
      "isbot",
    ],
    banner: {
      // CommonJS packages bundled into an ES module still call require() for Node's built-ins.
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    sourcemap: true,
    // Whitespace and syntax only: names stay readable in stack traces; V8 parses a third less.
    minifyWhitespace: true,
    minifySyntax: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "warning",
  });
  // React and React Router pick their production builds from NODE_ENV when first imported, and
  // ES module imports run before any statement of the importing module: so the entry sets it
  // first, then loads the bundle. It also sizes V8's heap for a small server
  // (docs/decisions/0016-memory-budget.md):
  // - the young generation stays at its first 1 MB semi-space while the server starts (so an idle
  //   server keeps it small) and may grow under load once it listens;
  // - the old generation grows as V8 likes while starting (fewer full collections: about 50 ms
  //   less to the first answer), then by 20 % between full collections instead of up to 4x (50 %
  //   let a minute of load on / and /api/blog peak 10-20 MB higher on Node 24: decision 0026), and
  //   one full collection 0.2 s after the server listens returns the start's garbage.
  writeFileSync(
    "build/server-app/main.js",
    [
      "// Production entry: see scripts/build-server.mjs.",
      'import v8 from "node:v8";',
      'import vm from "node:vm";',
      'import module from "node:module";',
      // V8's compiled code of these modules kept beside them (written by the first start after a
      // build, read by every later one): parsing and compiling the bundle was a fifth of a start.
      'module.enableCompileCache?.(new URL("./.compile-cache", import.meta.url).pathname);',
      'v8.setFlagsFromString("--semi-space-growth-factor=1");',
      // Started as `node build/server-app/main.js`: say what is missing (the memory budget needs it).
      `if (!${JSON.stringify(SERVER_NODE_ARGS)}.every((flag) => process.execArgv.includes(flag)))`,
      `  console.warn("Started without node's flags ${SERVER_NODE_ARGS.join(" ")}: memory may pass 700 MB on Node 24. Start with npm start or node build/server-app/start.js.");`,
      'process.env.NODE_ENV ??= "production";',
      'await import("./server.js");',
      'v8.setFlagsFromString("--semi-space-growth-factor=2");',
      'v8.setFlagsFromString("--heap-growing-percent=20");',
      // A context made while --expose-gc is set has gc(); the server's own context never does.
      'v8.setFlagsFromString("--expose-gc");',
      'const gc = vm.runInNewContext("gc");',
      'v8.setFlagsFromString("--no-expose-gc");',
      'setTimeout(() => gc({ type: "major", execution: "async" }), 200).unref();',
      "",
    ].join("\n"),
  );
  asciiOnlyDir("build/server-app");
}

/**
 * The server's JavaScript in `dir` (the bundle, the React Router build) rewritten in ASCII
 * (scripts/ascii-only.mjs): V8 keeps each module's source as long as the server runs, one byte a
 * character only when it is ASCII or, under 1 MB, Latin-1. Says what it could not escape.
 */
function asciiOnlyDir(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true });
  } catch {
    return;
  }
  for (const name of entries.filter((entry) => /\.m?js$/.test(entry))) {
    const { kept } = asciiOnlyFile(path.join(dir, name));
    if (kept > 0)
      console.warn(
        `${path.join(dir, name)}: ${kept} characters past ASCII left in tagged templates (kept as UTF-16)`,
      );
  }
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
  asciiOnlyDir("build/server");
  precompress("build/client");
  await import("../build/server-app/database-template.js");
}
