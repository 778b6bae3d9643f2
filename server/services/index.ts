import type { Redis } from "ioredis";
import { COMPANY } from "../../common/company";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { createWebhookSender } from "../outbox/webhooks/sender";
import { createOutbox } from "../outbox/worker";
import { openKeyring } from "../secrets/key-file";
import type { Keyring } from "../secrets/keyring";
import { workerList } from "../workers";
import { createAuditService } from "./audit";
import { createBookingService } from "./bookings/bookings";
import { createBlockPageService } from "./content/block-pages";
import { createBlogService } from "./content/blog";
import { type ContentTopic, readsAs } from "./content/content-reads";
import { createContentVersion } from "./content/content-version";
import { createImageService } from "./content/images";
import { createMenuService } from "./content/menu";
import { createPopupService } from "./content/popups";
import { createRedirectService } from "./content/redirects";
import { createScheduledPosts } from "./content/scheduled-posts";
import { createSiteContentService } from "./content/site-content";
import { createInsightsService } from "./insights/service";
import { createWonValueService } from "./insights/won-value";
import { createEnquiryService } from "./leads/enquiries";
import { createEnquiryFigures } from "./leads/enquiry-figures";
import { createEnquiryIntake } from "./leads/enquiry-intake";
import { createPrivacyService } from "./leads/privacy";
import { createSpamService, spamClientMax } from "./leads/spam";
import { createPipelineFigures } from "./pipeline/figures";
import { createQuoteService } from "./pipeline/quotes";
import { createStageService } from "./pipeline/stages";
import { createAccountService } from "./staff/accounts";
import { createKnownBrowsers } from "./staff/browsers";
import { memoryCounters, redisCounters } from "./staff/failure-counters";
import { hasPasskey } from "./staff/passkey-second-step";
import { createPasskeyService } from "./staff/passkeys";
import { verifyPassword } from "./staff/passwords";
import { createSecurityMail } from "./staff/security-mail";
import { createSessionService } from "./staff/sessions";
import { createSignInService } from "./staff/sign-ins";
import { createStaffService } from "./staff/staff";
import { createSudoService } from "./staff/sudo";
import { createTwoFactorService } from "./staff/two-factor";
import { createWebhookService } from "./webhooks/service";

/**
 * The one service layer. API routes and React Router loaders (through the load context) both
 * call these; neither touches the database directly.
 */
export function createServices(
  db: Database,
  config: Config,
  options: { redis?: Redis; keyring?: Keyring } = {},
) {
  // The key sealing TOTP and webhook secrets in the database (docs/secrets-key.md).
  const keyring = options.keyring ?? openKeyring(config.secrets, { generate: true });
  // Webhooks go out from the same durable outbox as the mail (its worker, its claims and leases).
  const webhookPolicy = { allowPrivate: config.webhookAllowPrivate, allowHttp: config.webhookAllowHttp };
  const webhookSender = createWebhookSender(db, webhookPolicy, { keyring });
  // The confirmation's office hours are the published site details' as each mail is sent.
  const mail = createOutbox(db, config, {
    webhooks: webhookSender,
    siteDetails: () => siteContent.published("site-details"),
  });
  const webhooks = createWebhookService(db, webhookPolicy, { wake: () => mail.wake(), keyring });
  const sessions = createSessionService(db);
  // The audit log: who did what in the admin (Owner reads it; never a lead's details).
  const audit = createAuditService(db);
  // Every change to how an account signs in mails the account, in the change's transaction.
  const securityMail = createSecurityMail({ siteUrl: config.siteUrl, wakeMail: () => mail.wake() });
  const accounts = createAccountService(db, sessions, securityMail);
  // With REDIS_URL the login counters are shared by every instance (and fail closed without it).
  const counters = options.redis ? redisCounters(options.redis) : memoryCounters();
  // Writes to what public pages show bump the content version (the page cache follows it).
  const contentVersion = createContentVersion();
  // A sign-in from a browser the account has not used before mails the account.
  const browsers = createKnownBrowsers(db, { siteUrl: config.siteUrl, wakeMail: () => mail.wake() });
  // Sudo mode: changes to how an account signs in need its password (or a code) again, lately;
  // the password checked in sign-in's bounded slots.
  const sudo = createSudoService(db, {
    counters,
    checkPassword: (password, hash) => signIns.passwordWork(() => verifyPassword(password, hash)),
    checkCode: (session, code, client) => twoFactor.checkCode(session, code, client),
    audit,
  });
  // Two-factor sign-in (TOTP): its wrong codes count like wrong passwords, checked in the same slots.
  const twoFactor = createTwoFactorService(db, { counters, keyring, audit, sudo, securityMail });
  const signIns = createSignInService({
    accounts,
    sessions,
    counters,
    browsers,
    twoFactor,
    // An account with a passkey is asked for it after its password (passkey-second-step.ts).
    hasPasskey: (adminId) => hasPasskey(db, adminId),
    audit,
  });
  // Every write to what public pages show announces what it changed: the page cache drops the
  // pages whose render read it (each of these services records its topic when a render asks it).
  const changed = (topic: ContentTopic) => () => contentVersion.bump("here", [topic]);
  const images = readsAs(
    "images",
    createImageService(db, { maxBytes: config.imageMaxBytes, changed: changed("images") }),
  );
  const blog = readsAs("posts", createBlogService(db, images, { changed: changed("posts") }));
  // Redirects, answered from memory before a page renders, and the 404 log (issue 47): a change
  // reaches every instance through the content version's "redirects" topic.
  const redirects = createRedirectService(db, {
    content: contentVersion,
    // No redirect from a published page from blocks (it would hide it), nor to a deleted one's address.
    pageAt: async (path) => (await blockPages.published(path))?.kind,
  });
  // The site's editable content (details, hours, pages' words): a publication drops its pages only.
  // A schedule set here wakes the scheduler at its time (scheduled-posts.ts): it appears on time.
  const siteContent = createSiteContentService(db, {
    content: contentVersion,
    scheduled: (at) => scheduledPosts.dueAt(at),
  });
  // Pages from blocks (issue 47): published like site content, each page's render dropped alone.
  const blockPages = createBlockPageService(db, {
    content: contentVersion,
    scheduled: (at) => scheduledPosts.dueAt(at),
    redirects,
  });
  // The office's links in the main menu and the footer: the site-content document "menu" (issue 47).
  const menu = createMenuService({ siteContent, blockPages });
  // Publishes scheduled posts, site content and pages when due (a worker of the list below, like the outbox).
  const scheduledPosts = createScheduledPosts(blog, { siteContent, blockPages });
  const figures = createEnquiryFigures(db);
  // A new enquiry or a status change announces itself: the dashboard's figures are read again.
  const enquiries = createEnquiryService(db, () => mail.wake(), {
    autoReply: config.autoReply,
    changed: () => figures.invalidate(),
  });
  // Spam caught without a third party: form tokens (keyed from the secrets key), the score, the 'Spam' settings.
  const spam = createSpamService(db, { keyring, clientMax: spamClientMax(config.enquiryRateLimit) });
  // One way in for an enquiry, from the REST API, a form's route action (no JavaScript) or a booking.
  const intake = createEnquiryIntake({ enquiries, spam });
  // Free waste reviews booked online: the published hours, an enquiry of their own kind through the intake.
  const bookings = createBookingService(db, {
    intake,
    siteDetails: () => siteContent.published("site-details"),
    siteUrl: config.siteUrl,
    officeTo: config.mailTo ?? COMPANY.email,
    wakeMail: () => mail.wake(),
  });
  const services = {
    config,
    keyring,
    contentVersion,
    accounts,
    sessions,
    audit,
    signIns,
    twoFactor,
    sudo,
    // Passkeys (WebAuthn): registered on 'Account', sign in on their own (SITE_URL is the party).
    passkeys: createPasskeyService(db, {
      siteUrl: config.siteUrl,
      accounts,
      startSession: signIns.startSession,
      counters,
      audit,
      sudo,
      securityMail,
      recoveryCodes: twoFactor,
    }),
    staff: createStaffService(db, {
      sessions,
      signIns,
      browsers,
      siteUrl: config.siteUrl,
      wakeMail: () => mail.wake(),
    }),
    blog,
    scheduledPosts,
    siteContent,
    blockPages,
    menu,
    images,
    popups: readsAs("popups", createPopupService(db, { changed: changed("popups") })),
    redirects,
    mail,
    enquiries,
    // The pipeline (issue 49): stage moves and the lost reasons.
    stages: createStageService(db, { wake: () => mail.wake(), changed: () => figures.invalidate() }),
    // Priced quotes: the price list, drafts, versions, the customer's signed link (issue 49).
    quotes: createQuoteService(db, {
      siteUrl: config.siteUrl,
      officeTo: config.mailTo ?? COMPANY.email,
      wake: () => mail.wake(),
      changed: () => figures.invalidate(),
    }),
    spam,
    intake,
    bookings,
    figures,
    insights: createInsightsService(db, config, {
      publishedPosts: publishedPostIds(blog, contentVersion, blockPages),
    }),
    // The dashboard's pipeline figures: open value by stage, won this month, win rate, expiring quotes.
    pipelineFigures: createPipelineFigures(db),
    // Insights' won value per landing page, referrer, campaign, form and business type (issue 49).
    wonValue: createWonValueService(db),
    // UK GDPR: find, export and erase a visitor's enquiries; erases past ENQUIRY_RETENTION_MONTHS.
    privacy: createPrivacyService(db, {
      retentionMonths: config.enquiryRetentionMonths,
      dataDir: config.dataDir,
      wake: () => mail.wake(),
      // The webhooks' delivery log is kept 30 days (deleted by the same hourly worker).
      prune: (now) => webhooks.prune(now),
    }),
    // 'Integrations' (Owner): webhook endpoints, their secrets and delivery log.
    webhooks,
    webhookSender,
  };
  return {
    ...services,
    // Every timed worker of the instance, in one list: the server starts it once it listens, the
    // app's close stops it before the database closes (server/workers.ts). A worker started any
    // other way is a bug (server/workers.test.ts enumerates them).
    workers: workerList([
      mail,
      scheduledPosts,
      services.insights.worker,
      services.privacy.worker,
      audit.worker,
      spam.worker,
      redirects.worker,
      bookings.worker,
    ]),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The ids of the published posts and the addresses of the published pages from blocks, read again
 * only after the content changed (Insights' flush asks).
 */
function publishedPostIds(
  blog: Pick<ReturnType<typeof createBlogService>, "lastModified">,
  content: ReturnType<typeof createContentVersion>,
  pages: Pick<ReturnType<typeof createBlockPageService>, "publishedAddresses">,
) {
  let known: { version: number; ids: Promise<ReadonlySet<string>> } | undefined;
  return () => {
    if (known?.version !== content.current) {
      const ids = Promise.all([blog.lastModified(), pages.publishedAddresses()]).then(
        ([posts, addresses]) => new Set([...posts.map((post) => post.id), ...addresses]),
      );
      known = { version: content.current, ids };
      ids.catch(() => (known = undefined));
    }
    return known.ids;
  };
}
