// Pages from blocks for the measuring scripts (issue 47): budget-bytes and bench-lighthouse start a
// built server with SEED_ADMIN_ENV, then seedBlockPages(url) makes and publishes, through the
// admin API as the office would, a campaign page with every kind of block (the enquiry form
// among them: its page loads the page script and the form's island) and an area page without a
// form (the page script alone). Their pictures go through the image pipeline (the site's own
// og-image.png, uploaded once).
import { readFileSync } from "node:fs";
import { signIn } from "./server-process.mjs";

const SEED_ADMIN = { email: "seed-admin@example.co.uk", password: "seed-admin-password-47" };
/** The environment a server needs for seedBlockPages: an Owner to sign in as. */
export const SEED_ADMIN_ENV = { ADMIN_EMAIL: SEED_ADMIN.email, ADMIN_PASSWORD: SEED_ADMIN.password };

/** The seeded pages' addresses: with a form block, and without one. */
export const SEEDED_PAGES = { withForm: "/bakery-waste", withoutForm: "/areas/cambridge" };

const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const quote = { label: "Get a Quote", target: "quote" };

/** A page of every kind of block, the enquiry form last (the browser tests draw it too). */
export const everyBlockPage = (picture, address = SEEDED_PAGES.withForm) => ({
  address,
  title: "Bakery waste collection",
  description: "Weekly collections of bread, dough and cake for bakeries in the Fens.",
  socialImageId: picture,
  blocks: [
    {
      type: "hero",
      heading: "Bakery waste, collected weekly",
      text: words(24),
      imageId: picture,
      alt: "Crates of day-old bread",
      action: quote,
    },
    {
      type: "rich-text",
      html: `<h2>Why it matters</h2><p>${words(60)}</p><ul><li>Bread</li><li>Dough</li></ul>`,
    },
    { type: "picture", imageId: picture, alt: "Wheelie bins in a bakery's yard", caption: "Our 240 l bins" },
    {
      type: "cards",
      heading: "Three reasons",
      items: [1, 2, 3].map((n) => ({ title: `Reason ${n}`, text: words(18) })),
    },
    {
      type: "figures",
      heading: "Our figures",
      items: [
        { value: "98%", label: "diverted from landfill" },
        { value: "1,200", label: "collections a month" },
      ],
    },
    {
      type: "faq",
      heading: "Questions",
      items: [
        { question: "Which bins do you bring?", answer: "240 litre wheelie bins." },
        { question: "How often do you collect?", answer: "Weekly, or twice a week in summer." },
      ],
    },
    { type: "testimonial", quote: words(30), name: "A. Baker", company: "Fen Bakery" },
    { type: "partners", heading: "Partners", items: [{ imageId: picture, name: "Fen Mills" }] },
    {
      type: "call-to-action",
      heading: "Rather talk?",
      text: words(12),
      action: { label: "Call us", target: "phone", phone: "01733 555 014" },
    },
    { type: "form", heading: "Ask us about bakery waste" },
  ],
});

/** An area page: no form block, so no island. */
const area = (picture) => ({
  address: SEEDED_PAGES.withoutForm,
  title: "Food waste collection in Cambridge",
  description: "Food waste collection for businesses in Cambridge and around it.",
  area: { name: "Cambridge", districts: "CB1, CB2, CB3" },
  blocks: [
    {
      type: "hero",
      heading: "Food waste collection in Cambridge",
      text: words(20),
      imageId: picture,
      alt: "A collection lorry on a Cambridge street",
      action: quote,
    },
    { type: "rich-text", html: `<p>${words(80)}</p>` },
    {
      type: "faq",
      items: [
        { question: "Do you collect in CB4?", answer: "Ask us: we are adding rounds north of the river." },
      ],
    },
    {
      type: "call-to-action",
      heading: "Start collections",
      action: { label: "Contact us", target: "contact" },
    },
  ],
});

/** Makes and publishes both pages on the server at `url` (started with SEED_ADMIN_ENV): their addresses. */
export async function seedBlockPages(url) {
  const auth = { authorization: `Bearer ${await signIn(url, SEED_ADMIN)}` };
  const upload = new FormData();
  const png = readFileSync(new URL("../public/og-image.png", import.meta.url));
  upload.set("image", new Blob([png], { type: "image/png" }), "og-image.png");
  const added = await fetch(`${url}/api/admin/add-image`, { method: "POST", headers: auth, body: upload });
  if (added.status !== 201) throw new Error(`picture not stored: ${added.status} ${await added.text()}`);
  const picture = (await added.json()).data.id;
  const json = { ...auth, "content-type": "application/json" };
  for (const page of [everyBlockPage(picture), area(picture)]) {
    const made = await fetch(`${url}/api/admin/pages`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ page }),
    });
    if (made.status !== 201) throw new Error(`${page.address} not made: ${made.status} ${await made.text()}`);
    const { id } = (await made.json()).result;
    const published = await fetch(`${url}/api/admin/pages/${id}/publish`, {
      method: "POST",
      headers: json,
      body: "{}",
    });
    if (published.status !== 200)
      throw new Error(`${page.address} not published: ${published.status} ${await published.text()}`);
  }
  return Object.values(SEEDED_PAGES);
}
