import { DEFAULT_POPUP_NAVIGATION } from "../../common/content/popup";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { processImage } from "../media/image-codec";
import type { PostWrite } from "../services/content/blog";
import { createServices, type Services } from "../services/index";

/** Flat illustrations drawn as SVG and rendered to PNG, so the demo needs no binary assets. */
/** Alt text of each illustration: what it shows. */
const ILLUSTRATION_ALT = {
  digester: "Illustration of an anaerobic digestion plant with its domed tanks",
  caddy: "Illustration of a food waste caddy ready for collection",
  field: "Illustration of green fields fed with digestate",
} as const;

function illustration(kind: "digester" | "caddy" | "field", hue: number): string {
  const sky = `hsl(${hue} 45% 86%)`;
  const ground = `hsl(${hue + 40} 40% 42%)`;
  const shapes = {
    digester: `<rect x="250" y="250" width="420" height="220" rx="20" fill="#6b7b5e"/>
      <ellipse cx="460" cy="250" rx="210" ry="120" fill="#8fa37c"/>
      <rect x="720" y="300" width="120" height="170" fill="#55624a"/><rect x="750" y="200" width="30" height="110" fill="#3d4636"/>
      <circle cx="765" cy="170" r="26" fill="#d6d9cf" opacity="0.8"/>`,
    caddy: `<rect x="360" y="230" width="280" height="260" rx="24" fill="#2f6b3a"/>
      <rect x="340" y="200" width="320" height="50" rx="16" fill="#245a2e"/>
      <path d="M430 330 q70 -70 140 0 q-70 70 -140 0z" fill="#cfe8c4"/>`,
    field: `<path d="M0 470 Q250 380 500 440 T1000 420 V600 H0z" fill="#4f7a3a"/>
      <rect x="620" y="330" width="220" height="90" rx="10" fill="#7a4e2d"/>
      <circle cx="650" cy="430" r="34" fill="#222"/><circle cx="810" cy="430" r="34" fill="#222"/>
      <circle cx="180" cy="130" r="60" fill="#f4c95d"/>`,
  } as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="600" viewBox="0 0 1000 600">
    <rect width="1000" height="600" fill="${sky}"/><rect y="470" width="1000" height="130" fill="${ground}"/>
    ${shapes[kind]}</svg>`;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("");

/** Three posts in different templates, images only where their template allows one. */
const POSTS: Array<{
  post: Omit<PostWrite, "content">;
  paragraphs: [string, string][];
  image: [number, Parameters<typeof illustration>[0], number];
}> = [
  {
    post: {
      meta_data_title: "Anaerobic digestion explained for UK food businesses",
      title: "What happens to your food waste in an anaerobic digester",
      readTime: 4,
      template: 1,
    },
    paragraphs: [
      [
        "",
        p(
          "Every week, food and drink manufacturers across the East of England send tonnes of peelings, trimmings and out-of-date product to us. Most of it ends up in an anaerobic digestion (AD) plant rather than landfill, and that is good news for your carbon figures.",
        ),
      ],
      [
        "Inside the digester",
        p(
          "AD is a sealed process: bacteria break down organic material without oxygen, producing <strong>biogas</strong> (mostly methane) and a nutrient-rich <strong>digestate</strong>. The biogas is burned in an engine to make electricity and heat, or cleaned up and injected into the gas grid.",
        ),
      ],
      [
        "Why it beats landfill",
        p(
          "In landfill, food waste rots and releases methane straight into the atmosphere. In a digester, the same methane is captured and used. Collected separately and kept free of plastics, your waste becomes renewable energy and fertiliser for local farms.",
        ),
      ],
    ],
    image: [1, "digester", 140],
  },
  {
    post: {
      meta_data_title: "Simpler Recycling: food waste rules for businesses in England",
      title: "Food waste regulations for businesses: what changed in 2025",
      readTime: 5,
      template: 2,
    },
    paragraphs: [
      [
        "",
        p(
          "Since 31 March 2025, the Simpler Recycling reforms require businesses in England with ten or more full-time employees to separate food waste from general waste and have it collected for recycling. Micro-firms follow in 2027.",
        ),
      ],
      [
        "What you need to do",
        p(
          "Put food waste caddies where waste is produced, make sure staff know what goes in them, and arrange a collection with a registered waste carrier. Keep your waste transfer notes: the duty of care still applies.",
        ),
      ],
      [
        "How we help",
        p(
          "We supply bins, set a collection frequency that suits your volumes, and provide the paperwork you need for audits. <em>Ask us for a free waste review</em> and we will size the service for you.",
        ),
      ],
    ],
    image: [0, "caddy", 110],
  },
  {
    post: {
      meta_data_title: "Depackaging and digestate: closing the loop on packaged food waste",
      title: "From packaged food to digestate on the fields",
      readTime: 3,
      template: 5,
    },
    paragraphs: [
      [
        "",
        p(
          "Supermarket returns and production rejects often arrive still in their packaging. Depackaging machines separate the food from plastic, card and cans so the organic fraction can go to anaerobic digestion.",
        ),
      ],
      [
        "Quality matters",
        p(
          "The cleaner the food stream, the better the digestate. Plants working to PAS 110 test for physical contaminants, so well-sorted waste keeps the whole cycle working.",
        ),
      ],
      [
        "Back to the land",
        p(
          "Digestate replaces manufactured fertiliser on farms, returning nitrogen, phosphate and potash to the soil. Your food waste ends up growing next year's crops.",
        ),
      ],
    ],
    image: [0, "field", 60],
  },
];

/**
 * SEED_DEMO=1 on an empty database: three posts with illustrations and one active popup. A
 * database with any post or popup is left alone, so restarts never duplicate the demo.
 */
export async function seedDemoContent(services: Services): Promise<boolean> {
  if ((await services.blog.hasPosts()) || (await services.popups.hasPopups())) return false;
  for (const { post, paragraphs, image } of POSTS) {
    const [index, kind, hue] = image;
    const png = await processImage((sharp) =>
      sharp(Buffer.from(illustration(kind, hue)))
        .png()
        .toBuffer(),
    );
    const { id } = await services.images.add(png);
    await services.blog.create({
      ...post,
      content: paragraphs.map(([header, content], i) =>
        i === index
          ? { header, content, img: id, alt: ILLUSTRATION_ALT[kind] }
          : { header, content, img: null, alt: "" },
      ),
    });
  }
  const popup = await services.popups.create({
    title: "Book your free waste review",
    content:
      "Not sure how much food waste you produce or whether the new rules apply to you? Our team will review your waste streams for free and suggest a collection plan that saves money.",
    navigation: DEFAULT_POPUP_NAVIGATION,
  });
  await services.popups.activate(popup._id);
  return true;
}

/**
 * Seeds in one transaction, so a crash mid-seed leaves nothing and the next start seeds again.
 * Instances starting together take turns through the first-start lock (DatabaseHandle.firstStart).
 */
export async function seedDemoContentOnce(db: Database, config: Config): Promise<boolean> {
  return db.transaction((tx) => seedDemoContent(createServices(tx as unknown as Database, config)));
}
