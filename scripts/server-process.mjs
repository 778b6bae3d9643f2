// How the production server process runs, wherever it is started from a script (the cluster, the
// benchmarks, the browser tests). `npm start` (package.json) and the Dockerfile say the same in
// their own syntax; decision 0016 gives the measurements.
//
// - `--max-semi-space-size=4`: V8's young generation grows to 16 MB semi-spaces under load and
//   keeps them (about 100 MB more resident under GET /api/blog load); 4 MB costs no throughput.
//   A flag of the command line: set at run time, V8 ignores it.
// - `MALLOC_ARENA_MAX=2`: glibc keeps two malloc arenas, not one per thread (libvips, zlib).
// - `MALLOC_MMAP_THRESHOLD_=65536`: blocks of 64 KB and more (brotli windows, query results,
//   image buffers) are mapped and returned when freed, not kept in the heap (about 50 MB).
import { createServer } from "node:net";

/** A free TCP port on loopback (for a server, an SMTP sink, nginx). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const SERVER_NODE_ARGS = ["--max-semi-space-size=4"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" };
export const SERVER_ENTRY = "build/server-app/main.js";
/** spawn(process.execPath, SERVER_COMMAND, { env: { ...SERVER_ENV, … } }) */
export const SERVER_COMMAND = [...SERVER_NODE_ARGS, SERVER_ENTRY];
