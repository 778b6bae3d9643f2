import { z } from "zod";

// Zod's JIT compiles validators with `new Function`, which our Content-Security-Policy forbids
// (no 'unsafe-eval'); the browser would report a CSP violation on every page with a form.
z.config({ jitless: true });

export { z };
