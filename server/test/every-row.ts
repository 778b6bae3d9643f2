import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { BACKED_UP, REGISTRY } from "../db/registry";
import {
  adminInvites,
  adminPasskeys,
  adminRecoveryCodes,
  adminSessions,
  admins,
  adminTwoFactor,
  auditEvents,
  blockPageRevisions,
  blockPages,
  blogPosts,
  blogRevisions,
  bookingBlocks,
  bookingFeeds,
  bookingReviewers,
  bookingSettings,
  bookings,
  images,
  insightsCampaigns,
  insightsEnquiries,
  insightsFunnel,
  insightsPages,
  insightsReferrers,
  insightsReferrersMonthly,
  mailOutbox,
  notFoundPaths,
  popups,
  redirects,
  securitySettings,
  siteDocumentRevisions,
  siteDocuments,
  spamSettings,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema";
import { createEnquiryService } from "../services/leads/enquiries";
import { createPrivacyService } from "../services/leads/privacy";
import { createQuoteService } from "../services/pipeline/quotes";
import { createStageService } from "../services/pipeline/stages";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "./enquiry-fixtures";

const paragraph = (text: string) => ({ header: "", content: `<p>${text}</p>`, img: null, alt: "" });

/**
 * A database holding every kind of row the registry backs up: staff and a pending invitation;
 * posts published, draft and scheduled, with revisions and an image; a popup; enquiries of each
 * kind with notes (one edited), a reply, an assignment, a status change and an erasure; mail in
 * each state; insights counts of every table. Written through the services where they decide
 * what a row holds, directly where a row is plain data.
 */
export async function fillEveryKindOfRow(db: Database): Promise<void> {
  const [owner, desk] = await db
    .insert(admins)
    .values([
      { email: "owner@example.co.uk", passwordHash: "scrypt$x", role: "owner" },
      { email: "desk@example.co.uk", passwordHash: "scrypt$y", role: "desk", lastSignInAt: new Date() },
    ])
    .returning();
  await db.insert(adminSessions).values({
    tokenHash: "a".repeat(64),
    adminId: owner.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(adminInvites).values([
    {
      email: "editor@example.co.uk",
      tokenHash: "b".repeat(64),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      role: "editor",
    },
    {
      email: "desk@example.co.uk",
      tokenHash: "c".repeat(64),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(),
      role: "desk",
    },
  ]);

  const content = [paragraph("One"), paragraph("Two"), paragraph("Three")];
  const [published, , scheduled] = await db
    .insert(blogPosts)
    .values([
      { metaDataTitle: "Published", title: "Published", readTime: 2, template: 1, content, version: 3 },
      { metaDataTitle: "Draft", title: "Draft", readTime: 1, template: 2, content, state: "draft" },
      {
        metaDataTitle: "Scheduled",
        title: "Scheduled",
        readTime: 1,
        template: 3,
        content,
        state: "scheduled",
        publishAt: new Date(Date.now() + 86_400_000),
        metaDescription: "Soon",
        socialImageParagraph: 0,
      },
    ])
    .returning();
  await db.insert(images).values({
    contentType: "image/png",
    width: 1,
    height: 1,
    data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
    postId: published.id,
  });
  const snapshot = { metaDataTitle: "Published", title: "Before", readTime: 2, template: 1, content };
  await db.insert(blogRevisions).values([
    { postId: published.id, savedBy: owner.email, reason: "saved", post: snapshot },
    { postId: published.id, savedBy: desk.email, reason: "published", post: { ...snapshot, title: "After" } },
    { postId: scheduled.id, savedBy: owner.email, reason: "restored", post: snapshot },
  ]);
  await db.insert(popups).values({ title: "Book a review", content: "Free", activated: true });
  // Redirects of each kind, and a row of the 404 log.
  await db.insert(redirects).values([
    { fromPath: "/old-prices", toTarget: "/quote", status: 301, createdBy: owner.email },
    { fromPath: "/partner", toTarget: "https://example.org/waste", status: 302, createdBy: owner.email },
    { fromPath: "/winter-offer", toTarget: null, status: 410 },
  ]);
  await db.insert(notFoundPaths).values({
    day: "2026-11-30",
    path: "/bakery-wast",
    count: 3,
    lastSeen: new Date("2026-11-30T10:00:00Z"),
    referrer: "example.org",
  });
  // Site content: a published document with a draft and a schedule, and its revision.
  await db.insert(siteDocuments).values({
    key: "site-details",
    published: { phone: "01733 555 014" },
    draft: { phone: "01733 555 015" },
    scheduled: { phone: "01733 555 016" },
    publishAt: new Date("2099-12-24T09:00:00Z"),
    publishedAt: new Date("2025-01-02T03:04:05Z"),
    version: 3,
    updatedBy: "editor@example.co.uk",
  });
  await db.insert(siteDocumentRevisions).values({
    key: "site-details",
    savedBy: "editor@example.co.uk",
    reason: "published",
    data: { phone: "01733 555 014" },
  });
  // Pages from blocks: a published page with a draft and a schedule, its revision, and a tombstone.
  const page = {
    address: "/bakery-waste",
    title: "Bakery waste",
    blocks: [{ type: "faq", heading: "", items: [{ question: "Which bins?", answer: "240 l" }] }],
  };
  const [blockPage] = await db
    .insert(blockPages)
    .values({
      address: "/bakery-waste",
      state: "published",
      draft: { ...page, title: "Bakery waste, spring" },
      published: page,
      scheduled: page,
      publishAt: new Date("2099-03-01T09:00:00Z"),
      publishedAt: new Date("2025-01-02T03:04:05Z"),
      version: 4,
      updatedBy: "editor@example.co.uk",
    })
    .returning();
  await db.insert(blockPages).values({
    address: "/old-campaign",
    draft: {},
    goneAt: new Date("2025-02-03T04:05:06Z"),
    redirectTo: "/bakery-waste",
  });
  await db
    .insert(blockPageRevisions)
    .values({ pageId: blockPage.id, savedBy: "editor@example.co.uk", reason: "published", data: page });
  // The audit log: a sign-in with its IP, a failed one without an actor, a publish, an erasure.
  await db.insert(auditEvents).values([
    { action: "sign_in", actorId: owner.id, actorEmail: owner.email, ip: "203.0.113.9" },
    { action: "sign_in_failed", targetLabel: "nobody@example.co.uk", ip: "198.51.100.7" },
    {
      action: "post_published",
      actorId: desk.id,
      actorEmail: desk.email,
      targetId: published.id,
      targetLabel: "Published",
    },
    { action: "privacy_erased", actorId: owner.id, actorEmail: owner.email, targetLabel: "1 enquiry" },
  ]);

  // A webhook endpoint for every event: the enquiries below queue their deliveries.
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url: "https://crm.example.com/hooks/leads",
      events: ["enquiry.created", "enquiry.status_changed", "enquiry.assigned", "enquiry.erased"],
      secret: `whsec_${"A".repeat(43)}=`,
    })
    .returning();
  await db.insert(webhookEndpoints).values({
    url: "https://hooks.slack.example/x",
    description: "Slack workflow",
    events: ["enquiry.created"],
    secret: `whsec_${"B".repeat(43)}=`,
    enabled: false,
    disabledReason: "gone",
  });
  // Two-factor sign-in: the owner's authenticator secret and recovery codes (one used); required.
  await db
    .insert(adminTwoFactor)
    .values({ adminId: owner.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date(), lastStep: 59_000_000 });
  await db.insert(adminRecoveryCodes).values([
    { adminId: owner.id, codeHash: "a".repeat(64) },
    { adminId: owner.id, codeHash: "b".repeat(64), usedAt: new Date() },
  ]);
  await db.insert(securitySettings).values({ id: 1, requireTwoFactor: true });
  // A passkey (its COSE public key as bytes), used once.
  await db.insert(adminPasskeys).values({
    adminId: owner.id,
    credentialId: "cHJvYmUtY3JlZGVudGlhbA",
    publicKey: Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x00, 0xff]),
    counter: 3,
    transports: ["internal", "hybrid"],
    name: "Work laptop",
    lastUsedAt: new Date(),
  });
  const enquiries = createEnquiryService(db);
  const ownerActor = { id: owner.id, email: owner.email };
  const contact = await enquiries.submit("contact", VALID_CONTACT);
  const quote = await enquiries.submit("quote", VALID_QUOTE);
  await enquiries.submit("tankering", VALID_TANKERING, { spam: true });
  await enquiries.addNote(contact.id, "Called, left a message", ownerActor);
  await enquiries.reply(contact.id, "Thanks Jane, we'll call on Monday.", ownerActor);
  await enquiries.assign(contact.id, desk.id, ownerActor);
  await enquiries.setStatus(contact.id, "contacted", ownerActor);
  await enquiries.addNote(quote.id, "Quinn wants a price", ownerActor);
  // The pipeline: the contact enquiry quoted, the quote lost for the Owner's own reason.
  const stages = createStageService(db);
  const ownerRole = { ...ownerActor, role: "owner" as const };
  await stages.addReason("Too far away", ownerRole);
  await stages.setArchived("timing", true, ownerRole);
  await stages.move(contact.id, { stage: "quoted" }, ownerRole);
  await stages.move(
    quote.id,
    { stage: "lost", reason: "too-far-away", note: "Quinn found a closer site" },
    ownerRole,
  );
  // Priced quotes: a service of the price list; the contact's quote accepted, the quote
  // enquiry's declined (and erased below with its visitor).
  const quoting = createQuoteService(db, {
    siteUrl: "https://example.co.uk",
    officeTo: "office@example.co.uk",
  });
  const service = await quoting.addService(
    {
      name: "Food waste collection",
      unit: "collection",
      unitPricePence: 1850,
      vatRate: "standard",
      archived: false,
    },
    ownerRole,
  );
  const pricedLines = [
    {
      serviceId: service.id,
      description: "Food waste collection",
      quantityThousandths: 4000,
      unit: "collection" as const,
      unitPricePence: 1850,
      vatRate: "standard" as const,
    },
    {
      description: "Compost",
      quantityThousandths: 1500,
      unit: "tonne" as const,
      unitPricePence: 3333,
      vatRate: "zero" as const,
    },
  ];
  const linkOf = async (quoteId: string) => {
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quote"));
    const text = mails.map((m) => m.message?.text ?? "").find((t) => t.includes(`/quotes/${quoteId}/`)) ?? "";
    return text.match(/\/quotes\/[0-9a-f-]+\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
  };
  const accepted = await quoting.create(
    contact.id,
    { lines: pricedLines, discount: { kind: "percent", basisPoints: 500 } },
    ownerRole,
  );
  await quoting.send(accepted.id, ownerRole);
  await quoting.accept(accepted.id, await linkOf(accepted.id), "Jane Visitor", "203.0.113.9");
  const declined = await quoting.create(
    quote.id,
    { lines: pricedLines, discount: { kind: "none" } },
    ownerRole,
  );
  await quoting.send(declined.id, ownerRole);
  await quoting.decline(declined.id, await linkOf(declined.id), "Found a closer site");
  await db.update(mailOutbox).set({ state: "sent", sentAt: new Date(), message: null });
  await db.update(webhookDeliveries).set({
    state: "sent",
    attempts: 1,
    sentAt: new Date(),
    lastAttemptAt: new Date(),
    lastStatus: 200,
    lastDurationMs: 42,
    responseBody: "ok",
  });
  await db.insert(webhookDeliveries).values({
    endpointId: endpoint.id,
    messageId: "msg_test",
    event: "webhook.test",
    payload: { type: "webhook.test", timestamp: "2026-11-02T10:00:00.000Z", data: {} },
    state: "failed",
    attempts: 9,
    lastStatus: 500,
    lastError: null,
    responseBody: "boom",
  });
  // Free waste reviews: one booked (with its enquiry, taken by the desk), one cancelled, a blocked
  // time and the Owner's settings.
  await db.insert(bookings).values([
    {
      startsAt: new Date("2099-03-01T10:00:00Z"),
      endsAt: new Date("2099-03-01T10:30:00Z"),
      staffId: desk.id,
      name: "Jane Visitor",
      email: "jane@example.co.uk",
      phone: "01733 000 111",
      company: "Fen Farm",
      postcode: "PE1 5XG",
      note: "Gate code 1234",
      reference: contact.reference,
      source: {
        landing: "/",
        referrer: "www.google.com",
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
      },
      enquiryId: contact.id,
      tokenHash: "d".repeat(64),
      remindedAt: new Date("2099-02-28T10:00:00Z"),
    },
    {
      startsAt: new Date("2099-03-01T10:00:00Z"),
      endsAt: new Date("2099-03-01T10:30:00Z"),
      status: "cancelled",
      name: "Jane Visitor",
      reference: contact.reference,
      enquiryId: contact.id,
      cancelReason: "Cancelled by the visitor",
    },
  ]);
  await db.insert(bookingReviewers).values({ staffId: owner.id });
  await db.insert(bookingFeeds).values({ staffId: owner.id, tokenHash: "f".repeat(64) });
  await db.insert(bookingBlocks).values({
    startsAt: new Date("2099-04-01T00:00:00Z"),
    endsAt: new Date("2099-04-08T00:00:00Z"),
    reason: "Easter holiday",
    createdBy: owner.email,
  });
  await db
    .insert(bookingSettings)
    .values({ id: 1, lengthMinutes: 45, bufferMinutes: 10, noticeDays: 2, horizonWeeks: 6 });
  await createPrivacyService(db, { retentionMonths: 0 }).erase(VALID_QUOTE.contact.email, ownerActor);
  await db.insert(mailOutbox).values([
    { kind: "invite", message: { to: "editor@example.co.uk", subject: "Join", text: "link" } },
    { kind: "invite", state: "failed", attempts: 8, lastError: "550 no such user" },
  ]);

  const day = "2026-11-02";
  await db.insert(insightsPages).values([
    { day, path: "/", views: 10, visits: 4 },
    { day, path: "/blog", views: 3, visits: 1 },
  ]);
  await db.insert(insightsReferrers).values({ day, domain: "www.google.com", visits: 4 });
  await db
    .insert(insightsReferrersMonthly)
    .values({ month: "2026-11-01", domain: "www.google.com", visits: 4 });
  await db.insert(insightsCampaigns).values({ day, source: "news", campaign: "autumn", visits: 2 });
  await db.insert(insightsFunnel).values({ day, form: "quote", stage: "1", n: 5 });
  await db.insert(insightsEnquiries).values({ day, form: "contact", landing: "/", referrer: "", n: 1 });
  // The spam check's settings as staff keep them on 'Spam' (with the form tokens' secret).
  await db
    .insert(spamSettings)
    .values({ id: 1, words: ["casino"], domains: ["spam.example"], tokenSecret: "s".repeat(43) });
}

type Rows = Array<Record<string, unknown>>;

/** Each backed-up table's row count and a checksum of its rows' content (the same on any server). */
export async function tableDigests(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const digests: Record<string, { rows: number; md5: string }> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    for (const table of BACKED_UP) {
      const result = (await tx.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(row_to_json(t)::text, ',' order by row_to_json(t)::text collate "C"), '')) as md5 from ${sql.identifier(table)} t`,
      )) as unknown as { rows: Rows };
      digests[table] = { rows: Number(result.rows[0].n), md5: String(result.rows[0].md5) };
    }
  });
  return digests;
}

/** The tables the registry backs up that `fillEveryKindOfRow` leaves empty (a new table needs rows). */
export const emptyTables = (digests: Record<string, { rows: number }>) =>
  Object.keys(REGISTRY).filter((t) => BACKED_UP.includes(t) && !(digests[t]?.rows > 0));
