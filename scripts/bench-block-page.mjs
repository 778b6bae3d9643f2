// npm run bench:block-page: how long rendering a page from blocks to HTML takes (issue 47; target:
// a median of 15 ms or less for a page of 20 blocks), against a fixed page of one hero block in the
// same run. The blocks' own components (app/components/blocks/) rendered to a string as the
// server does, the page's view built from its published value (no picture stored: text only).
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { BlockPage } from "../app/components/blocks/BlockPage.tsx";
import { blockPageView } from "../app/lib/content/block-page-view.ts";
import { blockPageSchema } from "../common/content/block-pages.ts";
import { machine } from "./bench-lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 15;
const SITE = "https://www.example.co.uk";

const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const action = { label: "Get a Quote", target: "quote", value: "" };
const KINDS = [
  { type: "hero", heading: "Food waste collection for bakeries", text: words(30), imageId: "", action },
  { type: "rich-text", html: `<p>${words(120)}</p><p>${words(80)}</p>` },
  {
    type: "cards",
    heading: "Why us",
    items: Array.from({ length: 3 }, (_, i) => ({ title: `Reason ${i + 1}`, text: words(25) })),
  },
  {
    type: "figures",
    heading: "Our figures",
    items: Array.from({ length: 3 }, (_, i) => ({ value: `${(i + 1) * 100}`, label: words(4) })),
  },
  {
    type: "faq",
    heading: "Questions",
    items: Array.from({ length: 5 }, (_, i) => ({ question: `Question ${i + 1}?`, answer: words(40) })),
  },
  { type: "testimonial", quote: words(40), name: "A. Baker", role: "Owner, a bakery" },
  { type: "call-to-action", heading: "Ready to start?", text: words(20), action },
];
const blocks = Array.from({ length: 20 }, (_, i) => KINDS[i % KINDS.length]);
const page = (list) =>
  blockPageSchema.parse({
    address: "/bakery-waste",
    title: "Bakery waste collection",
    description: words(20),
    area: { name: "Cambridge", districts: "CB1 CB2" },
    blocks: list,
  });
const twenty = page(blocks);
const fixed = page(blocks.slice(0, 1));
const html = (p) =>
  renderToString(createElement(BlockPage, { view: blockPageView(p, {}, null), siteUrl: SITE }));

function measure(p) {
  for (let i = 0; i < 20; i++) html(p); // warm up
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = html(p).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], bytes };
}

const one = measure(fixed);
const many = measure(twenty);
console.log(machine());
console.log(
  `fixed page (1 block, ${one.bytes} B): median ${one.median.toFixed(3)} ms, p95 ${one.p95.toFixed(3)} ms over ${RUNS} runs`,
);
console.log(
  `page of 20 blocks (${many.bytes} B): median ${many.median.toFixed(3)} ms, p95 ${many.p95.toFixed(3)} ms over ${RUNS} runs (target ≤ ${TARGET_MS} ms)`,
);
if (many.median > TARGET_MS) {
  console.error(`over the target: ${many.median.toFixed(3)} ms > ${TARGET_MS} ms`);
  process.exitCode = 1;
}
