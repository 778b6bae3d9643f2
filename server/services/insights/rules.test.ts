import { describe, expect, it } from "vitest";
import { OTHER_PATH } from "../../../common/insights/insights";
import { createCounter } from "./counter";
import { campaignOf, countedPath, mayCount, referrerDomain } from "./rules";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";

describe("what is counted (bots, Sec-GPC, DNT)", () => {
  it("counts a browser", () => {
    expect(mayCount({ "user-agent": CHROME })).toBe(true);
    expect(mayCount({ "user-agent": CHROME, dnt: "0", "sec-gpc": "0" })).toBe(true);
  });

  it("leaves out bots on the isbot list, and requests with no user agent", () => {
    for (const agent of [GOOGLEBOT, HEADLESS, "curl/8.5.0", "python-requests/2.31"])
      expect(mayCount({ "user-agent": agent }), agent).toBe(false);
    expect(mayCount({})).toBe(false);
    expect(mayCount({ "user-agent": "" })).toBe(false);
  });

  it("leaves out Sec-GPC: 1 and DNT: 1", () => {
    expect(mayCount({ "user-agent": CHROME, "sec-gpc": "1" })).toBe(false);
    expect(mayCount({ "user-agent": CHROME, dnt: "1" })).toBe(false);
  });

  it("leaves out prefetches (the visitor may never see the page)", () => {
    expect(mayCount({ "user-agent": CHROME, "sec-purpose": "prefetch" })).toBe(false);
    expect(mayCount({ "user-agent": CHROME, purpose: "prefetch" })).toBe(false);
  });
});

describe("referrer rule: the domain only", () => {
  const own = new Set(["fenland-organics.co.uk"]);
  it("keeps the referring site's domain, never its path or query", () => {
    expect(referrerDomain("https://www.google.com/search?q=waste+tankering+peterborough", own)).toBe(
      "google.com",
    );
    expect(referrerDomain("https://News.Example.ORG:8443/a/b?c=d#e", own)).toBe("news.example.org");
    expect(referrerDomain("android-app://com.google.android.gm/", own)).toBe("com.google.android.gm");
  });
  it("is none for no referrer, an unreadable one, or another scheme", () => {
    expect(referrerDomain(undefined, own)).toBe("");
    expect(referrerDomain("", own)).toBe("");
    expect(referrerDomain("not a url", own)).toBe("");
    expect(referrerDomain("javascript:alert(1)", own)).toBe("");
    expect(referrerDomain("file:///etc/passwd", own)).toBe("");
  });
  it("tells this site's own pages apart (a visit going on, www. or not)", () => {
    expect(referrerDomain("https://www.fenland-organics.co.uk/services", own)).toBeUndefined();
    expect(referrerDomain("https://fenland-organics.co.uk/", own)).toBeUndefined();
  });
});

describe("campaigns and paths", () => {
  it("reads utm_source and utm_campaign, lower case, and drops unusable values", () => {
    expect(campaignOf("utm_source=Newsletter&utm_campaign=Spring%20Tankering&utm_medium=email")).toEqual({
      source: "newsletter",
      campaign: "spring tankering",
    });
    expect(campaignOf("page=2")).toEqual({ source: "", campaign: "" });
    expect(campaignOf(`utm_source=${"x".repeat(61)}&utm_campaign=<script>`)).toEqual({
      source: "",
      campaign: "",
    });
  });
  it("counts known pages under their path and every other address as one", () => {
    expect(countedPath("/services/2", OTHER_PATH)).toBe("/services/2");
    expect(countedPath("/about/", OTHER_PATH)).toBe("/about");
    expect(countedPath("/blog/abc", OTHER_PATH)).toBe("/blog/abc");
    expect(countedPath("/wp-login.php", OTHER_PATH)).toBe(OTHER_PATH);
    // Shaped like a page from blocks: counted by name, folded into 'other' at the flush unless published.
    expect(countedPath("/areas/cambridge/", OTHER_PATH)).toBe("/areas/cambridge");
    expect(countedPath("/Areas/x_y", OTHER_PATH)).toBe(OTHER_PATH);
  });
});

describe("the counter", () => {
  const headers = (extra: Record<string, string> = {}) => ({ "user-agent": CHROME, ...extra });
  const counter = () => createCounter({ ownHosts: ["www.example.co.uk"], today: () => "2026-03-02" });

  it("counts a view always, a visit when it comes from outside, with its domain and campaign", () => {
    const c = counter();
    c.page({
      url: "/services/2?utm_source=google&utm_campaign=tanks",
      headers: headers({ referer: "https://www.google.co.uk/" }),
    });
    c.page({ url: "/contact", headers: headers({ referer: "https://example.co.uk/services/2" }) });
    c.page({ url: "/", headers: headers() });
    c.page({ url: "/", headers: headers({ "sec-gpc": "1" }) });
    c.page({ url: "/", headers: { "user-agent": GOOGLEBOT } });
    const counts = c.take();
    expect(Object.fromEntries(counts.pages)).toEqual({
      "2026-03-02\t/services/2": { views: 1, visits: 1 },
      "2026-03-02\t/contact": { views: 1, visits: 0 },
      "2026-03-02\t/": { views: 1, visits: 1 },
    });
    expect(Object.fromEntries(counts.referrers)).toEqual({
      "2026-03-02\tgoogle.co.uk": 1,
      "2026-03-02\t": 1,
    });
    expect(Object.fromEntries(counts.campaigns)).toEqual({ "2026-03-02\tgoogle\ttanks": 1 });
    expect(c.pending()).toBe(0);
  });

  it("treats a referrer from the host the request was sent to as this site", () => {
    const c = counter();
    c.page({ url: "/about", hostname: "127.0.0.1", headers: headers({ referer: "http://127.0.0.1:3000/" }) });
    expect(c.take().pages.get("2026-03-02\t/about")).toEqual({ views: 1, visits: 0 });
  });

  it("counts a form's stages, and a submission by landing page and source", () => {
    const c = counter();
    c.stage("quote", "4", headers());
    c.stage("quote", "submitted", headers(), { path: "/services/2", referrer: "www.bing.com" });
    c.stage("contact", "submitted", headers(), { path: "/", referrer: "example.co.uk" });
    c.stage("quote", "viewed", headers()); // not a stage of the wizard
    c.stage("quote", "1", headers({ dnt: "1" }));
    const counts = c.take();
    expect(Object.fromEntries(counts.funnel)).toEqual({
      "2026-03-02\tquote\t4": 1,
      "2026-03-02\tquote\tsubmitted": 1,
      "2026-03-02\tcontact\tsubmitted": 1,
    });
    expect(Object.fromEntries(counts.enquiries)).toEqual({
      "2026-03-02\tquote\t/services/2\tbing.com": 1,
      "2026-03-02\tcontact\t/\t": 1,
    });
  });

  it("keeps a bounded number of made-up values a day (referrer spam cannot grow the tables)", () => {
    const c = counter();
    for (let i = 0; i < 1100; i++)
      c.page({ url: "/", headers: headers({ referer: `https://spam${i}.example/` }) });
    const referrers = c.take().referrers;
    expect(referrers.size).toBe(1001);
    expect(referrers.get("2026-03-02\t(other)")).toBe(100);
  });

  it("gives back counts a failed flush could not write", () => {
    const c = counter();
    c.page({ url: "/", headers: headers() });
    const taken = c.take();
    c.page({ url: "/", headers: headers() });
    c.giveBack(taken);
    expect(c.take().pages.get("2026-03-02\t/")).toEqual({ views: 2, visits: 2 });
  });
});
