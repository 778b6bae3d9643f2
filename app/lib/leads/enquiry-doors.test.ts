import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { SPAM_MESSAGES } from "@common/admin-messages";
import { BOOKING_MESSAGES } from "@common/bookings/bookings";
import { PAGE_REGISTRY } from "@common/content/pages";
import { enquiryReference } from "@common/leads/confirmation";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import {
  CONTACT_MESSAGES,
  ENQUIRY_MESSAGES,
  QUOTE_MESSAGES,
  TANKERING_MESSAGES,
} from "@common/leads/enquiry-messages";
import { type EnquiryKind, QUOTE_STEPS } from "@common/leads/enquiry-terms";
import { encodeLeadSource, LEAD_SOURCE_FIELD, type LeadSourceParts } from "@common/leads/lead-source-field";
import { QUOTE_STATE_COOKIE } from "@common/leads/quote-state";
import { SPAM_THRESHOLD } from "@common/leads/spam";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, enquiries, mailOutbox } from "../../../server/db/schema";
import { renderNotification } from "../../../server/outbox/mail/templates";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "../../../server/test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import * as bookPage from "../../routes/book";
import * as contactPage from "../../routes/contact";
import * as quotePage from "../../routes/quote";
import * as tankeringPage from "../../routes/services-tankering";
import { SENT_PARAM } from "./enquiry-api";
import { type QuoteDraft, stepPath } from "./quote-draft";
import { openQuoteState, sealQuoteState } from "./quote-wizard.server";

/**
 * Every door an enquiry comes in by, in one table: the REST API's three POSTs and its booking,
 * each page whose enquiry form posts to its route's action without JavaScript, the quote wizard's
 * last step and /book's last step (a booked review is an enquiry of its own kind, "review").
 * Each builds one submission (common/leads/enquiry-submission.ts) for the one intake
 * (server/services/leads/enquiry-intake.ts). The first test derives the doors from what the site
 * serves (the API document, the page registry, the callers of the intake): a door added anywhere
 * without a line here fails it.
 */
const DOORS = {
  "POST /api/contact": { kind: "contact", via: "api" },
  "POST /api/tankering": { kind: "tankering", via: "api" },
  "POST /api/quote": { kind: "quote", via: "api" },
  "POST /contact": { kind: "contact", via: "form", module: "routes/contact.tsx" },
  "POST /contact/2": { kind: "contact", via: "form", module: "routes/contact.tsx" },
  "POST /services/2": { kind: "tankering", via: "form", module: "routes/services-tankering.tsx" },
  "POST /quote/6": { kind: "quote", via: "wizard", module: "routes/quote.tsx" },
  "POST /api/bookings": { kind: "review", via: "api" },
  "POST /book": { kind: "review", via: "form", module: "routes/book.tsx" },
} as const satisfies Record<string, { kind: EnquiryKind; via: "api" | "form" | "wizard"; module?: string }>;
type Address = keyof typeof DOORS;
const ADDRESSES = Object.keys(DOORS) as Address[];

/** The route modules the page doors are drawn by (the page registry's `module`). */
const ACTIONS: Record<string, (args: never) => unknown> = {
  "routes/contact.tsx": contactPage.action,
  "routes/services-tankering.tsx": tankeringPage.action,
  "routes/quote.tsx": quotePage.action,
  "routes/book.tsx": bookPage.action,
};

/** The modules that hand the intake a submission: the API's route, the two form doors and the booking service. */
const INTAKE_CALLERS = [
  "app/lib/leads/enquiry-action.server.ts",
  "app/lib/leads/quote-wizard.server.ts",
  "server/routes/leads/enquiries.ts",
  "server/services/bookings/bookings.ts",
];
/** The booking service's doors (it hands each booking to the intake): the API's POST and /book's action. */
const BOOKING_CALLERS = ["app/lib/bookings/book-page.server.ts", "server/routes/bookings/bookings.ts"];

/** A booked review as each door is sent it: a time offered (set before the tests) and the visitor. */
const REVIEW = {
  start: "",
  name: "Jane Grower",
  email: "jane.grower@example.co.uk",
  phone: "01733 555 111",
  company: "Fen Farm Ltd",
  postcode: "pe1 5xg",
  note: "The yard gate is on Fengate Road.",
};

const SITE = "http://localhost";
const ROOT = join(import.meta.dirname, "../../..");

/** What a door is sent: the same for every door of a kind. */
interface Sent {
  fields: Record<string, unknown>;
  token?: string;
  trap?: string;
  source?: LeadSourceParts;
  /** With a browser's Origin and Sec-Fetch-Site headers. */
  browser: boolean;
}

/** What the sender is answered: a reference (stored or not), or the messages shown, in order. */
type Outcome = { reference: string } | { refused: string[] };

const SOURCE: LeadSourceParts = {
  landing: "/services",
  referrer: "bing.com",
  utmSource: "newsletter",
  utmCampaign: "spring",
};
const VALID: Record<EnquiryKind, Record<string, unknown>> = {
  contact: VALID_CONTACT,
  tankering: VALID_TANKERING,
  quote: VALID_QUOTE,
  review: REVIEW,
};

/** Wrong in several fields: every field's message, in the form's (the schema's) order. */
const INVALID: Record<EnquiryKind, { fields: Record<string, unknown>; messages: string[] }> = {
  contact: {
    fields: { name: "", email: "nope", company: "", phone: "1", message: "" },
    messages: [
      CONTACT_MESSAGES.name,
      ENQUIRY_MESSAGES.invalidEmail,
      CONTACT_MESSAGES.company,
      CONTACT_MESSAGES.message,
    ],
  },
  tankering: {
    fields: { name: "Tom", email: "", frequency: "", phone: "", message: "Wash water" },
    messages: [TANKERING_MESSAGES.email, TANKERING_MESSAGES.frequency, TANKERING_MESSAGES.phone],
  },
  quote: {
    fields: {
      businessType: "",
      wasteType: "Sludge",
      frequency: "",
      location: "XYZ",
      contact: { name: "", email: "bad", phone: "" },
    },
    messages: [
      QUOTE_MESSAGES.businessType,
      QUOTE_MESSAGES.frequency,
      ENQUIRY_MESSAGES.invalidPostCode,
      QUOTE_MESSAGES.name,
      ENQUIRY_MESSAGES.invalidEmail,
      QUOTE_MESSAGES.phone,
    ],
  },
  review: {
    fields: {
      start: "",
      name: "",
      email: "nope",
      phone: "",
      company: "",
      postcode: "XYZ",
      note: "",
    },
    messages: [
      BOOKING_MESSAGES.start,
      BOOKING_MESSAGES.name,
      BOOKING_MESSAGES.invalidEmail,
      BOOKING_MESSAGES.phone,
      BOOKING_MESSAGES.company,
      BOOKING_MESSAGES.invalidPostCode,
    ],
  },
};

/** What a genuine enquiry of each kind queues: the office's notification (a review: its confirmation too). */
const MAILED: Record<EnquiryKind, string[]> = {
  contact: ["notification"],
  tankering: ["notification"],
  quote: ["notification"],
  review: ["booking", "notification"],
};

/** The wizard's steps 1-5: the fields each posts for an answer of the draft. */
const STEP_FIELDS: Array<(draft: QuoteDraft) => Record<string, string>> = [
  (draft) => ({ businessType: draft.businessType }),
  (draft) => ({ wasteType: draft.wasteType }),
  (draft) => ({ frequency: draft.frequency }),
  (draft) => ({ location: draft.location }),
  (draft) => ({ ...draft.contact }),
];

/** What React Router returns or throws: a Response (redirect), or data() with its init. */
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit }).init?.status ?? 200);
const dataOf = (answer: unknown) => (answer as { data: Record<string, unknown> }).data;
const stateCookie = (answer: Response) =>
  answer.headers.get("set-cookie")?.match(new RegExp(`${QUOTE_STATE_COOKIE}=([^;]*)`))?.[1] ?? "";

async function settle(call: () => unknown): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}

/** The spam check's reason for a quick send names its time to the tenth of a second; the rest is the same. */
const sameTime = (reason: string) => reason.replace(/^Sent \d+\.\d s/, "Sent … s");

describe.each(TEST_DATABASES)("every enquiry door, on %s", (database) => {
  let app: FastifyInstance;
  let clients = 0;
  /** A fresh client for each send: no door's rate or allowance counts towards another's. */
  const freshIp = () => `10.46.${Math.floor(++clients / 250)}.${clients % 250}`;

  beforeAll(async () => {
    app = await buildTestApp(database, { ENQUIRY_RATE_LIMIT: "1000" });
    await app.ready();
    // A weekday's time a day or more away; each door's booking of it is cancelled after it (see send).
    const days = await app.services.bookings.availableDays();
    REVIEW.start = days[1].slots[2].start;
  });
  afterAll(() => app?.close());

  const browserHeaders = (browser: boolean): Record<string, string> =>
    browser ? { origin: SITE, "sec-fetch-site": "same-origin" } : {};

  /** A page's route action, as the pages' handler calls it for a form posted without JavaScript. */
  function postPage(address: Address, path: string, fields: Record<string, string>, sent: Sent, cookie = "") {
    const door = DOORS[address];
    if (!("module" in door)) throw new Error(`${address} is not a page's`);
    const request = new Request(`${SITE}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        ...browserHeaders(sent.browser),
        ...(cookie ? { cookie: `${QUOTE_STATE_COOKIE}=${cookie}` } : {}),
      },
    });
    const context = loadContext(app.services, {
      nonce: "",
      ip: freshIp(),
      header: (name) => request.headers.get(name) ?? undefined,
    });
    // The wizard's step, or /book's (its last step is /book itself: no splat).
    const params = {
      "*": door.kind === "review" ? "" : path.replace(/^\/quote\/?/, ""),
    };
    return settle(() => ACTIONS[door.module]({ request, context, params } as never));
  }

  /** The honeypot, token and source fields as a page's form posts them. */
  const carried = (sent: Sent): Record<string, string> => ({
    [HONEYPOT_FIELD]: sent.trap ?? "",
    ...(sent.token ? { [FORM_TOKEN_FIELD]: sent.token } : {}),
    [LEAD_SOURCE_FIELD]: sent.source ? encodeLeadSource(sent.source) : "",
  });

  async function send(address: Address, sent: Sent): Promise<Outcome> {
    const door = DOORS[address];
    const path = address.replace(/^POST /, "");
    if (door.via === "api") {
      const res = await app.inject({
        method: "POST",
        url: path,
        payload: {
          ...sent.fields,
          ...(sent.trap ? { [HONEYPOT_FIELD]: sent.trap } : {}),
          ...(sent.token ? { [FORM_TOKEN_FIELD]: sent.token } : {}),
          ...(sent.source ? { source: sent.source } : {}),
        },
        headers: browserHeaders(sent.browser),
        remoteAddress: freshIp(),
      });
      if (res.statusCode === 201) return { reference: res.json().reference };
      expect(res.statusCode, res.body).toBe(400);
      // CONTRACT's error body: the first field's message alone.
      expect(Object.keys(res.json())).toEqual(["status", "message"]);
      return { refused: [res.json().message] };
    }
    if (door.via === "form") {
      const fields = Object.fromEntries(
        Object.entries(sent.fields).map(([name, value]) => [name, String(value)]),
      );
      const answer = await postPage(address, path, { ...fields, ...carried(sent) }, sent);
      if (answer instanceof Response) {
        expect(answer.status).toBe(303);
        const location = new URL(answer.headers.get("location") ?? "", SITE);
        expect(location.pathname).toBe(path);
        // /book's confirmation step names the reference as `booked`.
        return {
          reference: location.searchParams.get(door.kind === "review" ? "booked" : SENT_PARAM) ?? "",
        };
      }
      expect(statusOf(answer)).toBe(400);
      return { refused: Object.values(dataOf(answer).fieldErrors as Record<string, string>) };
    }
    // The wizard's last step: the answers kept in its cookie (steps 1-5 sent), the first step's token.
    const draft = sent.fields as unknown as QuoteDraft;
    const kept = sealQuoteState(app.services.keyring.derive("quoteAnswers"), { draft, token: sent.token });
    const answer = await postPage(address, path, { intent: "next", ...carried(sent) }, sent, kept);
    if (!(answer instanceof Response)) throw new Error(`the last step answered ${statusOf(answer)}`);
    expect(answer.status).toBe(303);
    if (answer.headers.get("location") === path) {
      const state = openQuoteState(app.services.keyring.derivedAll("quoteAnswers"), stateCookie(answer));
      return { reference: state?.sent ?? "" };
    }
    // Answers missing or wrong: back to the first such step, where the visitor goes on answering;
    // each step refuses its fields with their messages, and is then answered as the valid quote is.
    const refused: string[] = [];
    const back = answer.headers.get("location") ?? "";
    let step = back === stepPath(1) ? 1 : Number(back.replace(/^\/quote\//, ""));
    expect(step).toBeGreaterThanOrEqual(1);
    let cookie = stateCookie(answer);
    const valid = VALID_QUOTE as QuoteDraft;
    for (; step < QUOTE_STEPS; step++) {
      const tried = await postPage(
        address,
        stepPath(step),
        { intent: "next", ...STEP_FIELDS[step - 1](draft) },
        sent,
        cookie,
      );
      let next = tried;
      if (statusOf(tried) === 400) {
        refused.push(...(dataOf(tried).errors as Array<{ message: string }>).map((error) => error.message));
        next = await postPage(
          address,
          stepPath(step),
          { intent: "next", ...STEP_FIELDS[step - 1](valid) },
          sent,
          cookie,
        );
      }
      expect(next).toBeInstanceOf(Response);
      expect((next as Response).headers.get("location")).toBe(stepPath(step + 1));
      cookie = stateCookie(next as Response);
    }
    return { refused };
  }

  /** The enquiry a reference names, as the inbox keeps it, and the mail queued for it. */
  async function stored(reference: string) {
    const row = (await app.db.select().from(enquiries)).find(
      (enquiry) => enquiryReference(enquiry.id) === reference,
    );
    if (!row) return undefined;
    const mail = await app.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.enquiryId, row.id));
    const notification = mail.length
      ? renderNotification(row as Parameters<typeof renderNotification>[0])
      : undefined;
    return {
      kind: row.kind,
      fields: row.fields,
      source: row.source,
      status: row.status,
      spamReasons: row.spamReasons?.map(sameTime) ?? null,
      mail: mail.map((queued) => queued.kind).sort(),
      // The office's mail: its subject, Reply-To and every field (its id and time are the enquiry's own).
      notification: notification && {
        subject: notification.subject,
        replyTo: notification.replyTo,
        text: notification.text.split("\n").slice(1, -2),
      },
    };
  }

  const count = async () => (await app.db.select({ id: enquiries.id }).from(enquiries)).length;

  it("lists every door the site serves: the API's enquiry POSTs, each page's enquiry form, the wizard's last step", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const api = Object.entries(doc.paths).flatMap(([path, operations]) =>
      operations.post?.tags?.includes("enquiries") ? [`POST ${path}`] : [],
    );
    // POST /api/bookings is tagged an enquiries' door too (a booked review is an enquiry).
    const pages = PAGE_REGISTRY.flatMap((page) =>
      "island" in page
        ? [
            {
              address: `POST ${page.island === "quote-wizard" ? stepPath(QUOTE_STEPS) : page.path}`,
              module: page.module,
            },
          ]
        : [],
    );
    expect([...ADDRESSES].sort()).toEqual(
      [...api, ...pages.map((page) => page.address), "POST /book"].sort(),
    );
    for (const { address, module } of pages) expect(DOORS[address as Address]).toMatchObject({ module });
    for (const door of Object.values(DOORS))
      if ("module" in door) expect(ACTIONS[door.module]).toBeTypeOf("function");

    // No other module hands the intake a submission, and none but the intake stores an enquiry
    // (tests and their fixtures in server/test/ aside).
    const callers: string[] = [];
    const storers: string[] = [];
    const bookers: string[] = [];
    const inserters: string[] = [];
    for (const folder of ["app", "server", "common"])
      for (const file of await readdir(join(ROOT, folder), { recursive: true })) {
        const path = relative(ROOT, join(ROOT, folder, file));
        if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path) || path.startsWith("server/test/")) continue;
        const source = await readFile(join(ROOT, path), "utf8");
        if (/intake\s*\.\s*take\s*\(/.test(source)) callers.push(path);
        if (/enquiries\s*\.\s*submit\s*\(/.test(source)) storers.push(path);
        if (/bookings\s*\.\s*book\s*\(/.test(source)) bookers.push(path);
        if (/\.insert\(\s*enquiries\s*\)/.test(source)) inserters.push(path);
      }
    expect(storers.sort()).toEqual(["server/services/leads/enquiry-intake.ts"]);
    expect(callers.sort()).toEqual(INTAKE_CALLERS);
    expect(bookers.sort()).toEqual(BOOKING_CALLERS);
    // Nothing but the enquiries' service writes an enquiry row (the booking's enquiry included).
    expect(inserters.sort()).toEqual(["server/services/leads/enquiries.ts"]);
    // /book is a page of the registry, its action the booking page's door.
    expect(PAGE_REGISTRY.some((page) => page.module === DOORS["POST /book"].module)).toBe(true);
  });

  /** Each case is sent through every door; the doors of a kind must agree, and with what is expected. */
  const CASES: Array<{
    name: string;
    sent: (kind: EnquiryKind) => Promise<Sent>;
    expected: { status: string; spamReasons: string[] | null; mailed: boolean };
  }> = [
    {
      name: "a genuine one (the page served 30 s before, from a browser): new, mailed",
      sent: async (kind) => ({
        fields: VALID[kind],
        token: await app.services.spam.issueToken(Date.now() - 30_000),
        source: SOURCE,
        browser: true,
      }),
      expected: { status: "new", spamReasons: null, mailed: true },
    },
    {
      name: "one without a form token: Spam, never mailed",
      sent: async (kind) => ({ fields: VALID[kind], source: SOURCE, browser: true }),
      expected: {
        status: "spam",
        spamReasons: [SPAM_MESSAGES.noToken, SPAM_MESSAGES.score(5, SPAM_THRESHOLD)],
        mailed: false,
      },
    },
    {
      name: "one sent at once, every field filled: Spam, never mailed",
      sent: async (kind) => ({
        fields: VALID[kind],
        token: await app.services.spam.issueToken(Date.now()),
        source: SOURCE,
        browser: true,
      }),
      expected: {
        status: "spam",
        spamReasons: [
          sameTime(SPAM_MESSAGES.tooFast(0)),
          SPAM_MESSAGES.filledInstantly(1),
          SPAM_MESSAGES.score(5, SPAM_THRESHOLD),
        ],
        mailed: false,
      },
    },
    {
      name: "one with the honeypot filled: kept as Spam, never mailed",
      sent: async (kind) => ({
        fields: VALID[kind],
        token: await app.services.spam.issueToken(Date.now() - 30_000),
        trap: "http://spam.example",
        source: SOURCE,
        browser: true,
      }),
      expected: { status: "spam", spamReasons: [SPAM_MESSAGES.honeypot], mailed: false },
    },
  ];

  it.each(CASES.map((each) => [each.name, each] as const))(
    "stores, scores and mails %s, the same through every door",
    async (_name, { sent, expected }) => {
      type Stored = NonNullable<Awaited<ReturnType<typeof stored>>>;
      const byKind: Record<EnquiryKind, Array<[Address, Stored]>> = {
        contact: [],
        tankering: [],
        quote: [],
        review: [],
      };
      for (const address of ADDRESSES) {
        const { kind } = DOORS[address];
        const outcome = await send(address, await sent(kind));
        expect(outcome, address).toEqual({ reference: expect.stringMatching(/^FO-[0-9A-F]{8}$/) });
        const enquiry = await stored((outcome as { reference: string }).reference);
        expect(enquiry, address).toMatchObject({
          kind,
          status: expected.status,
          spamReasons: expected.spamReasons,
          mail: expected.mailed ? MAILED[kind] : [],
        });
        byKind[kind].push([address, enquiry as Stored]);
        // The review's time is free again for the next door (a spam booking took none).
        if (kind === "review") await app.db.update(bookings).set({ status: "cancelled" });
      }
      for (const [kind, results] of Object.entries(byKind)) {
        expect(results.length, kind).toBeGreaterThan(1);
        const [[firstDoor, first], ...others] = results;
        for (const [address, result] of others)
          expect(result, `${address} against ${firstDoor}`).toEqual(first);
      }
      // The fields stored as the schema makes them (the post code normalised) and the source normalised.
      expect(byKind.quote[0][1].fields).toEqual({ ...VALID_QUOTE, location: "PE1 5XG" });
      expect(byKind.contact[0][1].source).toEqual({
        landing: "/services",
        referrer: "bing.com",
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "spring",
      });
    },
  );

  it.each(ADDRESSES)(
    "%s refuses a wrong enquiry with every field's message (the API: the first), nothing stored",
    async (address) => {
      const { kind, via } = DOORS[address];
      const before = await count();
      const token = await app.services.spam.issueToken(Date.now() - 30_000);
      const outcome = await send(address, {
        fields: INVALID[kind].fields,
        token,
        source: SOURCE,
        browser: true,
      });
      const { messages } = INVALID[kind];
      expect(outcome).toEqual({ refused: via === "api" ? messages.slice(0, 1) : messages });
      expect(await count()).toBe(before);
    },
  );
});
