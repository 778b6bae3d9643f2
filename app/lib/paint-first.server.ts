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
 * inert (`x-modulepreload`, `x-module`) until a small script turns them back on (same text, so the
 * same hash or nonce allows it under the CSP) once the page has loaded (its pictures included: the
 * largest one is often what a visitor waits for) and painted. Lighthouse counts every request that
 * starts before the largest paint as holding it up; a phone on a poor connection shares its
 * bandwidth the same way. Without JavaScript nothing changes: the page is whole either way.
 */
const INERT: Array<[string, string]> = [
  ['<link rel="modulepreload"', '<link rel="x-modulepreload"'],
  ['<script type="module"', '<script type="x-module"'],
];
const LONGEST = Math.max(...INERT.map(([from]) => from.length));

const ACTIVATE =
  'addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>{' +
  'for(const l of document.querySelectorAll(\'link[rel="x-modulepreload"]\'))l.rel="modulepreload";' +
  "for(const s of document.querySelectorAll('script[type=\"x-module\"]')){" +
  'const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}})),{once:true})';

/** The transform for one response; `onEnd` runs when the stream ends. */
export function paintFirst(nonce: string | undefined, onEnd: () => void): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let activatorAdded = false;
  const activator = `<script${nonce ? ` nonce="${nonce}"` : ""}>${ACTIVATE}</script>`;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = held + decoder.write(chunk);
      for (const [from, to] of INERT) text = text.replaceAll(from, to);
      if (!activatorAdded && text.includes("</body>")) {
        text = text.replace("</body>", `${activator}</body>`);
        activatorAdded = true;
      }
      // A chunk may end inside a tag: hold back a possible beginning of one.
      const cut = text.lastIndexOf("<");
      const tail = cut >= 0 && text.length - cut < LONGEST ? text.slice(cut) : "";
      const pending = [...INERT.map(([from]) => from), ...(activatorAdded ? [] : ["</body>"])];
      held = pending.some((tag) => tag.startsWith(tail)) ? tail : "";
      callback(null, text.slice(0, text.length - held.length));
    },
    flush(callback) {
      onEnd();
      callback(null, held + decoder.end());
    },
  });
}
