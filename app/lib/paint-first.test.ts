import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { paintFirst } from "./paint-first.server";

// As React Router writes them: the nonce before the module script's type.
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head><body><p>Hello</p>' +
  '<script type="application/ld+json">{}</script><script nonce="n0" type="module" async="">import "/assets/a.js";</script></body></html>';

/** The page through the transform, cut into chunks of `size` bytes. */
async function transformed(size: number, nonce?: string) {
  const bytes = Buffer.from(PAGE);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  let ended = false;
  const out = await text(
    Readable.from(chunks).pipe(
      paintFirst(nonce, () => {
        ended = true;
      }),
    ),
  );
  return { out, ended };
}

describe("paint first", () => {
  it("makes the module preloads and the module script inert and adds the script that turns them on", async () => {
    const { out, ended } = await transformed(PAGE.length);
    expect(out).toContain('<link rel="x-modulepreload" href="/assets/a.js"/>');
    expect(out).toContain('<link rel="x-modulepreload" href="/assets/b.js"/>');
    // A data block carries no `async` (the Nu Html Checker refuses it).
    expect(out).toContain('<script nonce="n0" type="text/x-module">import "/assets/a.js";</script>');
    expect(out).not.toMatch(/x-module"[^>]*async/);
    expect(out).not.toMatch(/<link[^>]*rel="modulepreload"|<script[^>]*type="module"/);
    expect(out).toContain('<script type="application/ld+json">{}</script>');
    // Turned on once the page has loaded and its largest paint is on screen (tests/e2e/critical-css.test.ts).
    expect(out).toMatch(
      /<script>\(\(\)=>\{let loaded=0.*largest-contentful-paint.*\}\)\(\)<\/script><\/body><\/html>$/,
    );
    expect(ended).toBe(true);
  });

  it("gives the added script the response's nonce", async () => {
    expect((await transformed(PAGE.length, "abc123")).out).toContain(
      '<script nonce="abc123">(()=>{let loaded=0',
    );
  });

  it("finds every tag wherever the chunks are cut", async () => {
    const whole = (await transformed(PAGE.length)).out;
    for (const size of [1, 2, 3, 7, 13, 25, 64]) expect((await transformed(size)).out, `${size}`).toBe(whole);
  });
});
