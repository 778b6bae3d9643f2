#!/usr/bin/env node
// npm run check:html: every public page as the production build serves it, checked by the Nu Html
// Checker (scripts/nu-checker.mjs; Java 17 or later needed). It starts the build (built first when
// missing) on the embedded database with the demo content, publishes the two pages from blocks
// through the admin API as the office would (scripts/block-page-seed.mjs: /bakery-waste with every
// kind of block, /areas/cambridge), and checks:
// - every page of the sitemap (SPEC's pages, /blog, /book, /areas-we-serve, the pages from blocks);
// - every blog post of the demo content;
// - the quote's six steps as first served (/quote/1 … /quote/6: a step with an answer missing
//   before it is a redirect, not a page), then as a visitor without JavaScript meets them: step 1
//   refused (its errors beside the fields), then each step with the answers so far (the cookie);
// - the quote sent from step 6 (the success screen and its reference);
// - /book's steps: the days, a day's times, a time's details form, the booked screen;
// - a deleted page's 410 page;
// - the contact form refused (its errors shown).
// Prints each page's errors and warnings; exits 1 on any error (warnings do not fail), 2 when the
// check could not run. Errors the checker makes itself are named in KNOWN_FALSE_POSITIVES.
import { sitemapPages } from "./bench-lib.mjs";
import { SEED_ADMIN_ENV, seedBlockPages } from "./block-page-seed.mjs";
import { checkDocuments, describe } from "./nu-checker.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

ensureBuild();
const server = await startBuiltServer({ ...SEED_ADMIN_ENV, SEED_DEMO: "1" });
const documents = [];
let failed;
try {
  const { url } = server;
  await seedBlockPages(url);
  /** GET (or POST a form) as a browser without scripts would; the page's HTML, kept under `name`. */
  const take = async (name, path, { expect = 200, ...init } = {}) => {
    const response = await fetch(`${url}${path}`, { redirect: "manual", ...init });
    if (response.status !== expect)
      throw new Error(`${name}: ${path} answered ${response.status}, not ${expect}`);
    const html = await response.text();
    if (response.status < 300 || response.status >= 400) documents.push({ name, html });
    return { response, html };
  };

  for (const page of await sitemapPages(url)) await take(page, page);

  // Every post of the demo content (each drawn by its template).
  const { result: posts } = await (await fetch(`${url}/api/blog?fields=summary&limit=12`)).json();
  if (posts.length === 0) throw new Error("the demo content has no blog post");
  for (const post of posts) await take(`/blog/${post._id} (a post)`, `/blog/${post._id}`);

  // The quote's steps as first served: steps 3 on send the visitor back to the step left unanswered.
  for (let step = 1; step <= 6; step++) {
    const path = `/quote/${step}`;
    const response = await fetch(`${url}${path}`, { redirect: "manual" });
    const html = await response.text();
    if (response.status === 200) documents.push({ name: `${path} (first visit)`, html });
    else if (response.status < 300 || response.status >= 400)
      throw new Error(`${path} answered ${response.status}`);
  }
  // Without JavaScript: each step posted as its form sends it, the answers kept in the cookie.
  const post2 = (fields, cookie) => ({
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ intent: "next", ...fields }).toString(),
  });
  await take("/quote/1 (refused: no business type)", "/quote/1", { ...post2({}), expect: 400 });
  const answers = [
    { businessType: "Farming" },
    { wasteType: "Vegetable peelings" },
    { frequency: "Fortnightly" },
    { location: "PE1 5XG" },
    { name: "Nu Checker", email: "nu-checker@example.co.uk", phone: "01733 222 333" },
  ];
  let cookie = "";
  for (const [index, fields] of answers.entries()) {
    const step = index + 1;
    const sent = await fetch(`${url}/quote/${step}`, { redirect: "manual", ...post2(fields, cookie) });
    await sent.text();
    if (sent.status !== 303) throw new Error(`/quote/${step}'s answer was refused: ${sent.status}`);
    cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0];
    await take(`/quote/${step + 1} (with the answers so far)`, `/quote/${step + 1}`, { headers: { cookie } });
  }
  // Sent from step 6 (stored through the intake as POST /api/quote): the success screen with its reference.
  const sent = await fetch(`${url}/quote/6`, { redirect: "manual", ...post2({ intent: "submit" }, cookie) });
  await sent.text();
  if (sent.status !== 303) throw new Error(`/quote/6's send answered ${sent.status}, not 303`);
  cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0];
  const success = await take("/quote/6 (sent: the reference)", "/quote/6", { headers: { cookie } });
  if (!success.html.includes('"sentReference"'))
    throw new Error("/quote/6 shows no success screen after the send");

  // /book itself is the sitemap's: its days' links lead on.
  const days = await (await fetch(`${url}/book`)).text();
  const day = /href="(\/book\?day=[^"]+)"/.exec(days)?.[1];
  if (!day) throw new Error("/book lists no day");
  const times = await take(`${day} (a day's times)`, day);
  // A day's times are radio buttons of a GET form: its first time, as that form sends it.
  const start = /name="start" value="([^"]+)"/.exec(times.html)?.[1];
  if (!start) throw new Error(`${day} lists no time`);
  await take("/book?start=… (the details form)", `/book?start=${encodeURIComponent(start)}`);
  // The page a booking's send leads to (it names the reference and the time it was given).
  await take("/book?booked=… (booked)", `/book?booked=FO-0A1B2C3D&at=${encodeURIComponent(start)}`);

  // A deleted page's address: its 410 page.
  const auth = {
    authorization: `Bearer ${await signIn(url, { email: SEED_ADMIN_ENV.ADMIN_EMAIL, password: SEED_ADMIN_ENV.ADMIN_PASSWORD })}`,
    "content-type": "application/json",
  };
  const gone = {
    address: "/nu-checker-gone",
    title: "Gone",
    blocks: [{ type: "rich-text", html: "<p>Soon gone.</p>" }],
  };
  const made = await fetch(`${url}/api/admin/pages`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ page: gone }),
  });
  if (made.status !== 201) throw new Error(`${gone.address} not made: ${made.status} ${await made.text()}`);
  const { id } = (await made.json()).result;
  for (const step of ["publish", "delete"]) {
    const done = await fetch(`${url}/api/admin/pages/${id}/${step}`, {
      method: "POST",
      headers: auth,
      body: "{}",
    });
    if (done.status !== 200)
      throw new Error(`${gone.address}: ${step} answered ${done.status} ${await done.text()}`);
  }
  await take(`${gone.address} (a deleted page: 410)`, gone.address, { expect: 410 });

  const contact = await fetch(`${url}/contact`, post2({}));
  const refused = await contact.text();
  if (contact.status !== 400) throw new Error(`/contact's empty form answered ${contact.status}, not 400`);
  documents.push({ name: "/contact (refused: the form's errors)", html: refused });
} catch (error) {
  failed = error;
} finally {
  await server.stop();
}
if (failed) {
  console.error(`check:html could not fetch the pages: ${failed.stack ?? failed}`);
  process.exit(2);
}

let results;
try {
  results = await checkDocuments(documents);
} catch (error) {
  console.error(`check:html: ${error.message}`);
  process.exit(2);
}
let errors = 0;
let warnings = 0;
for (const result of results) {
  errors += result.errors.length;
  warnings += result.warnings.length;
  const counts = `${result.errors.length} errors, ${result.warnings.length} warnings`;
  console.log(`${result.errors.length > 0 ? "FAIL" : "ok  "} ${result.name}: ${counts}`);
  for (const message of result.errors) console.log(`     error ${describe(message)}`);
  for (const message of result.warnings) console.log(`     warning ${describe(message)}`);
  for (const { message, reason } of result.known)
    console.log(`     known false positive (${reason}): ${describe(message)}`);
}
console.log(
  `\n${results.length} pages checked by the Nu Html Checker: ${errors} errors, ${warnings} warnings.`,
);
process.exit(errors > 0 ? 1 : 0);
