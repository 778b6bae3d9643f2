import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Paint first, then load the JavaScript. Pages arrive whole in the HTML; their scripts only
 * hydrate. Fetched and run at once, they competed with the first paint: a slow phone spent its
 * first frames compiling React, and Lighthouse's simulation counted every script that finished
 * before the first paint as render-blocking (LCP about 2.1 s on its phone profile, about 1 s when
 * a run happened to paint first).
 *
 * The HTML stream is rewritten so that React Router's module preloads and its module script are
 * inert (`x-modulepreload`; `text/x-module`, a data block that the Nu Html Checker accepts) until
 * a small script turns them back on (same text, so the same hash or nonce allows it under the CSP)
 * once the page has loaded (its pictures included: the largest one is often what a visitor waits
 * for) and its largest paint has reached the screen (the browser reports it: a frame callback
 * alone could run before the frame was shown, and a request started before the largest paint
 * holds it up on a phone's connection and in Lighthouse's simulation). A page whose inlined
 * stylesheet the page cache cut to its critical rules then loads the whole stylesheet, and its
 * scripts once that has arrived, so nothing they render is unstyled.
 * Without JavaScript nothing changes: the page is whole either way.
 */
const INERT: Array<[RegExp, (tag: string, ...parts: string[]) => string]> = [
  // Wherever the attribute sits: React Router writes `<script nonce="…" type="module" async="">`.
  [/<link((?:\s[^>]*?)?)\srel="modulepreload"/g, (_tag, before) => `<link${before} rel="x-modulepreload"`],
  // A data block may not carry `async` (the Nu Html Checker's rule); a script made by the
  // activator is async anyway.
  [
    /<script((?:\s[^>]*?)?)\stype="module"([^>]*)>/g,
    (_tag, before, after) =>
      `<script${before} type="text/x-module"${after.replace(/\sasync(?:="[^"]*")?/, "")}>`,
  ],
];

const ACTIVATE = [
  "(()=>{let loaded=0,painted=0,started=0;",
  // The preloaded modules are evaluated one per task (each import() its own, the entry's left to
  // the module script), so no single task evaluates React and the page's code together; then the
  // module script, recreated (a script element only runs once it is inserted), finds them ready.
  "const run=async()=>{const ss=[...document.querySelectorAll('script[type=\"text/x-module\"]')];",
  'const entry=ss.map(s=>/import\\("([^"]+)"\\)/.exec(s.textContent)?.[1]).find(Boolean);',
  // A page without React Router's entry (no React: docs/decisions/0043-html-first-pages.md)
  // imports its page script alone.
  'for(const l of document.querySelectorAll(\'link[rel="modulepreload"]\')){if(entry?l.getAttribute("href")===entry:!l.hasAttribute("data-page-script"))continue;',
  "try{await import(l.href)}catch{}await new Promise(r=>setTimeout(r))}",
  'for(const s of ss){const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}};',
  "const start=()=>{if(started||!loaded||!painted)return;started=1;requestAnimationFrame(()=>setTimeout(()=>{",
  'for(const l of document.querySelectorAll(\'link[rel="x-modulepreload"]\'))l.rel="modulepreload";',
  'const c=document.querySelector("style[data-critical]");if(!c)return run();',
  'const l=document.createElement("link");l.rel="stylesheet";l.href=c.dataset.stylesheet;l.onload=l.onerror=run;document.head.append(l)}))};',
  "const paint=()=>{painted=1;start()};",
  'addEventListener("load",()=>{loaded=1;start();setTimeout(paint,3e3)},{once:true});',
  // A hidden page reports no paint; a browser without paint timing gets the frame after load.
  'addEventListener("visibilitychange",paint,{once:true});',
  'const type=["largest-contentful-paint","paint"].find(t=>self.PerformanceObserver?.supportedEntryTypes?.includes(t));',
  'if(type&&document.visibilityState==="visible"){const o=new PerformanceObserver(()=>{o.disconnect();paint()});o.observe({type,buffered:true})}else paint()',
  "})()",
].join("");

/** The transform for one response; `onEnd` runs when the stream ends. */
export function paintFirst(nonce: string | undefined, onEnd: () => void): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let activatorAdded = false;
  const activator = `<script${nonce ? ` nonce="${nonce}"` : ""}>${ACTIVATE}</script>`;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = held + decoder.write(chunk);
      // A chunk may end inside a tag: its unfinished end waits for the next chunk.
      const cut = text.lastIndexOf("<");
      held = cut >= 0 && !text.includes(">", cut) ? text.slice(cut) : "";
      text = text.slice(0, text.length - held.length);
      for (const [tag, inert] of INERT) text = text.replace(tag, inert as (...parts: string[]) => string);
      if (!activatorAdded && text.includes("</body>")) {
        text = text.replace("</body>", `${activator}</body>`);
        activatorAdded = true;
      }
      callback(null, text);
    },
    flush(callback) {
      onEnd();
      let rest = held + decoder.end();
      for (const [tag, inert] of INERT) rest = rest.replace(tag, inert as (...parts: string[]) => string);
      callback(null, rest);
    },
  });
}
