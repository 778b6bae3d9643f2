import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
});
for (const p of process.argv.slice(2)) {
  const r = await lighthouse(`http://127.0.0.1:3411${p}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const a = r.lhr.audits;
  const el = a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  const phases = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items;
  console.log(
    p,
    "perf",
    r.lhr.categories.performance.score * 100,
    "FCP",
    a["first-contentful-paint"].displayValue,
    "LCP",
    a["largest-contentful-paint"].displayValue,
    "TBT",
    a["total-blocking-time"].displayValue,
  );
  const m = a.metrics.details.items[0];
  console.log(
    "  observed FCP",
    m.observedFirstContentfulPaint,
    "LCP",
    m.observedLargestContentfulPaint,
    "DCL",
    m.observedDomContentLoaded,
    "load",
    m.observedLoad,
    "FP",
    m.observedFirstPaint,
  );
  const lt = a["long-tasks"]?.details?.items?.map(
    (i) => `${i.url?.slice(-30)}@${Math.round(i.startTime)}+${Math.round(i.duration)}`,
  );
  console.log("  long tasks", lt);
  console.log("  LCP el:", el?.snippet?.slice(0, 150), el?.selector);
  console.log("  phases:", JSON.stringify(phases));
  const rb = a["render-blocking-resources"]?.details?.items?.map((i) => i.url);
  if (process.env.NET)
    for (const i of a["network-requests"].details.items)
      console.log(
        "   ",
        i.priority,
        i.resourceType,
        Math.round(i.transferSize / 1024) + "KB",
        Math.round(i.networkRequestTime),
        Math.round(i.networkEndTime),
        i.url.slice(-50),
      );
  console.log("  render-blocking:", rb, " network-requests:", a["network-requests"].details.items.length);
}
await chrome.kill();
