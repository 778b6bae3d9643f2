import { createHash } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type ChunkingContext, rolldown } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { sharedResolve } from "./vitest.shared.ts";

const SHARED =
  /[\\/](common|app[\\/]lib|app[\\/]content|app[\\/]components|node_modules[\\/]lucide-react)[\\/]/;
// Admin-only modules never join the public pages' shared chunk (the blog editor above all).
const ADMIN_ONLY =
  /[\\/](common[\\/]admin-messages\.ts|app[\\/](components[\\/]admin[\\/]|lib[\\/](admin-|blog-admin-|blog-draft|popup-admin|enquiry-inbox|uk-time)))/;
// The blog's own pages (post templates, their SEO): the blog and the editor's preview only.
const BLOG_PAGES =
  /[\\/]app[\\/](components[\\/]blog[\\/](templates[\\/]|BlogTemplate|BlogNotFound)|lib[\\/](current-post|blog-seo))/;
// Every module that defines or imports a zod schema (a group takes its members' dependencies with
// it, so one of these in "shared" would put zod, about 20 KB, on every page), and the enquiry forms'
// own words and messages, which the three form pages share and no other page needs.
const FORMS =
  /[\\/](common[\\/](enquiries|enquiry-inbox|enquiry-messages|enquiry-terms|account|blog|popup|text|zod)\.ts|app[\\/]components[\\/](enquiry|quote)[\\/]|app[\\/]lib[\\/]enquiry-api|node_modules[\\/]zod[\\/])/;

/** The shell every public page loads: what it imports is on every page anyway. */
const SHELL = /[\\/]app[\\/](root\.tsx|routes[\\/]public-layout\.tsx)$/;
const ROUTE = /[\\/]app[\\/]routes[\\/]/;
const ADMIN_ROUTE = /[\\/]app[\\/]routes[\\/]admin[\\/]/;
/**
 * A module joins "shared" when the shell uses it or at least this many public route modules do; an
 * icon when any public page uses it (a few hundred bytes each: a chunk of its own costs more).
 */
const SHARED_REACH = 3;
/**
 * Modules the shell imports dynamically when a visitor acts (opens the menu, opens search, gets a
 * message), not at once like a lazy section: what they alone use is fetched with them, so their
 * own imports never count as the shell's.
 */
const ON_DEMAND = /[\\/]app[\\/]components[\\/](layout[\\/]MobileSlider|SearchOverlay|MessageList)\.tsx$/;

/**
 * How many public route modules load `id` (through static imports, or a section they import
 * dynamically at once), Infinity when the shell does. The admin's routes do not count: a module only
 * they (or one public page) need would otherwise ride on every public page in "shared".
 */
function publicReach(id: string, ctx: ChunkingContext): number {
  const routes = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = iconUsers(id, ctx) ?? [id];
  let shell = false;
  while (queue.length && !shell) {
    const current = queue.pop() as string;
    if (SHELL.test(current)) shell = true;
    else if (ROUTE.test(current)) {
      if (!ADMIN_ROUTE.test(current)) routes.add(current);
    } else {
      const info = ctx.getModuleInfo(current);
      const dynamicImporters = ON_DEMAND.test(current) ? [] : (info?.dynamicImporters ?? []);
      for (const importer of [...(info?.importers ?? []), ...dynamicImporters])
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
    }
  }
  return shell ? Number.POSITIVE_INFINITY : routes.size;
}

const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/;

/**
 * The modules that use a lucide icon. Icons are imported through lucide-react's index, which the
 * shell imports too, so following importers would put every icon the admin uses on every public
 * page: an icon's users are the modules outside lucide-react that import its index and name the
 * icon (`KeyRound` for key-round.mjs).
 */
function iconUsers(id: string, ctx: ChunkingContext): string[] | undefined {
  const icon = LUCIDE_ICON.exec(id)?.[1];
  if (!icon) return undefined;
  const name = icon.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());
  const names = new RegExp(`\\b${name}\\b`);
  const users = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    for (const importer of ctx.getModuleInfo(queue.pop() as string)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (LUCIDE.test(importer)) queue.push(importer);
      else if (names.test(ctx.getModuleInfo(importer)?.code ?? "")) users.add(importer);
    }
  }
  return [...users];
}

/**
 * The public pages' own scripts, each bundled on its own with rolldown (one file, no chunks): no React Router, no shared
 * chunk, one immutable file each. `virtual:page-script` is the page script's address
 * (app/page-script: menu, theme, consent, search, popup; no React), `virtual:island-<name>` an
 * island's (app/islands/<name>.client.tsx: React and react-dom hydrating one form alone). Both
 * builds bundle the same source, so both name the same file (`/assets/<name>-<hash>.js`); the
 * client build writes it. In development Vite serves the source itself.
 * docs/decisions/0043-html-first-pages.md.
 */
const PAGE_SCRIPTS: Record<string, { entry: string; name: string }> = {
  "virtual:page-script": { entry: "app/page-script/index.ts", name: "page" },
  "virtual:island-enquiry-form": {
    entry: "app/islands/enquiry-form.client.tsx",
    name: "island-enquiry-form",
  },
  "virtual:island-quote-wizard": {
    entry: "app/islands/quote-wizard.client.tsx",
    name: "island-quote-wizard",
  },
};

function pageScripts(): Plugin {
  let serve = false;
  let ssr = false;
  const bundled = new Map<string, Promise<{ code: string; fileName: string }>>();
  const bundle = (id: string) => {
    const { entry, name } = PAGE_SCRIPTS[id];
    let result = bundled.get(id);
    if (!result) {
      result = rolldown({
        input: entry,
        platform: "browser",
        tsconfig: "tsconfig.json",
        transform: {
          jsx: "react-jsx",
          define: { "process.env.NODE_ENV": '"production"', "import.meta.env.SSR": "false" },
        },
        // lucide-react's "use client" means nothing in a bundle.
        onLog: (level, log, handler) => {
          if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
        },
      })
        .then((bundler) => bundler.generate({ format: "esm", minify: true, legalComments: "none" }))
        .then(({ output }) => {
          const code = output[0].code;
          const hash = createHash("sha256")
            .update(code)
            .digest("base64url")
            .slice(0, 10)
            .replace(/[-_]/g, "0");
          return { code, fileName: `assets/${name}-${hash}.js` };
        });
      bundled.set(id, result);
    }
    return result;
  };
  return {
    name: "page-scripts",
    configResolved(config) {
      serve = config.command === "serve";
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id in PAGE_SCRIPTS ? `\0${id}` : undefined),
    async load(id) {
      const script = id.startsWith("\0") ? id.slice(1) : "";
      if (!(script in PAGE_SCRIPTS)) return undefined;
      if (serve) return `export default ${JSON.stringify(`/${PAGE_SCRIPTS[script].entry}`)};`;
      return `export default ${JSON.stringify(`/${(await bundle(script)).fileName}`)};`;
    },
    async generateBundle() {
      if (serve || ssr) return;
      for (const id of Object.keys(PAGE_SCRIPTS)) {
        const { code, fileName } = await bundle(id);
        this.emitFile({ type: "asset", fileName, source: code });
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), pageScripts()],
  resolve: sharedResolve,
  // Bundled into the server build, tree-shaken to what the pages use: imported from node_modules
  // at every start, lucide-react cost the server about 200 ms of CPU, and zod its hundred-odd
  // module files (every locale among them).
  ssr: { noExternal: ["lucide-react", "zod"] },
  build: {
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: on a phone over HTTP/1.1 two dozen tiny modulepreloads cost more
        // round trips than the bytes they save. Route modules stay separate (lazy per page).
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              // Small modules the public pages share; form validation (zod) stays with the pages
              // that have forms, and code only the admin or one or two pages use stays with them.
              debugName: "shared",
              name: (id: string, ctx: ChunkingContext) =>
                SHARED.test(id) &&
                !FORMS.test(id) &&
                !ADMIN_ONLY.test(id) &&
                !BLOG_PAGES.test(id) &&
                publicReach(id, ctx) >= (LUCIDE_ICON.test(id) ? 1 : SHARED_REACH)
                  ? "shared"
                  : null,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
