import { SPAM_MESSAGES } from "../../../common/admin-messages";
import { REVIEW_ENQUIRY_FIELDS } from "../../../common/bookings/bookings";
import { ENQUIRY_SCHEMAS } from "../../../common/leads/enquiries";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";
import { SPAM_MANY_LINKS, SPAM_WEIGHTS, type SpamSettings } from "../../../common/leads/spam";

/**
 * What an enquiry's fields say to the spam check (the token and the client are spam.ts's): links
 * and markup, the disallowed lists staff keep, the pitches and fake notices every site gets, and
 * whether every field of the form was filled.
 */

export type Reason = [weight: number, reason: string];

/**
 * The fields a form shows, as paths into its enquiry (`["contact", "name"]`): every field of the
 * form's schema (common/leads/enquiries.ts), optional ones too. The honeypot, the form token and the
 * lead source are not fields of the form: nobody fills them in.
 */
export const FORM_FIELDS: Record<EnquiryKind, string[][]> = {
  ...(Object.fromEntries(
    Object.entries(ENQUIRY_SCHEMAS).map(([kind, schema]) => [kind, fieldPaths(schema)]),
  ) as Record<keyof typeof ENQUIRY_SCHEMAS, string[][]>),
  // A booked review's fields as its enquiry keeps them (the note, optional, among them).
  review: REVIEW_ENQUIRY_FIELDS.map((name) => [name]),
};

function fieldPaths(schema: unknown, prefix: string[] = []): string[][] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return [prefix];
  return Object.entries(shape).flatMap(([name, field]) => fieldPaths(field, [...prefix, name]));
}

/**
 * Every field of the form `kind` (FORM_FIELDS) holds text other than white space. Today every
 * field of the three forms is required (SPEC), so an accepted enquiry always has them all; a field
 * the form makes optional one day and the visitor leaves empty makes this false.
 */
export function everyFieldFilled(kind: EnquiryKind, fields: Record<string, unknown>): boolean {
  return FORM_FIELDS[kind].every((path) => {
    let value: unknown = fields;
    for (const name of path)
      value =
        typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" && value.trim() !== "";
  });
}

// Linear-time patterns (no nested quantifiers): a message is at most 5,000 characters of anything.
const LINK =
  /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9-]+\.(?:com|net|org|io|xyz|ru|info|biz|top|site|online|co\.uk)\/[^\s<>"']*/gi;
const HAS_LINK = new RegExp(LINK.source, "i");
const MARKUP = /<\s*\/?\s*[a-z][^>]*>|\[url|\[\/url\]|&lt;|https?:\/\/|www\./i;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The hostnames of a text's links (lower case, without `www.`). */
function linkDomains(value: string): string[] {
  return [...value.matchAll(LINK)].flatMap(([link]) => {
    try {
      const host = new URL(/^https?:/i.test(link) ? link : `http://${link}`).hostname.toLowerCase();
      return [host.replace(/^www\./, "")];
    } catch {
      return [];
    }
  });
}

/** The most characters a link (spaces and separators aside) a link list carries besides its links. */
const LINK_LIST_LEAD = 5;

const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/** At least 20 letters, most of them outside the Latin alphabet (accents are Latin). */
function mostlyOtherScript(value: string): boolean {
  const letters = value.match(LETTER)?.length ?? 0;
  if (letters < 20) return false;
  return (value.match(LATIN_LETTER)?.length ?? 0) < letters / 2;
}

/** `domain` is the host or a parent of it. */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Vendors' words: what a salesman offers a waste company (leads, rankings, marketing, a website)
 * and what a fake notice names (a domain or listing, a directory), which its customers do not
 * write (a customer asks for a collection, a tanker, a price). Built in, so every site has them
 * whatever its lists on 'Spam' say. Each phrase is a pattern of its own: one found weighs
 * SPAM_WEIGHTS.pitch (3, never Spam alone: a customer may say "Google Ads" once), a second adds
 * pitchMore (5). Whole words, any case; linear-time (no nested quantifiers, bounded gaps).
 */
export const PITCH_PHRASES: Array<{ label: keyof typeof SPAM_MESSAGES.pitchKinds; patterns: RegExp[] }> = [
  {
    label: "leads",
    patterns: [
      /\blead[- ]?gen(?:eration)?\b/i,
      /\bappointment[- ]setting\b/i,
      /\b(?:qualified|exclusive|verified|targeted|warm|b2b|sales|fresh) (?:[\w-]{1,30} ){0,4}?(?:leads|appointments|meetings|prospects|buyers)\b/i,
      /\b(?:new|more) (?:sales |business )?(?:leads|appointments|prospects)\b/i,
      /\b(?:generate|capture|get you|send you|deliver|bring you) (?:more |new |qualified |exclusive |\d+ )?(?:leads|appointments|customers|clients)\b/i,
      /\bpay[- ]per[- ](?:lead|appointment|call)\b/i,
      /\bcold[- ](?:call|calling|email|emailing|outreach)\b/i,
      /\b(?:linkedin|email|b2b) outreach\b/i,
      /\btele-?(?:marketing|sales)\b/i,
      /\bdecision[- ]makers\b/i,
      /\bdecision[- ]maker (?:emails?|contacts?|details|data|phone numbers?)\b/i,
      /\boutbound (?:calls|calling|sales)\b/i,
      /\bsales (?:pipeline|calendars?|funnel)\b/i,
      /\bcustomer acquisition\b/i,
      /\bon autopilot\b/i,
      /\breferral (?:program|programme|scheme)\b/i,
      /\b(?:data|email|mailing|contact) lists?\b/i,
    ],
  },
  {
    label: "search",
    patterns: [
      /\bsearch (?:results|rankings?|visibility)\b/i,
      /\bsearch engines?\b/i,
      /\bkey searches\b/i,
      /\b(?:map|local|3|three)[- ]pack\b/i,
      /\borganic (?:traffic|reach|rankings?)\b/i,
      /\b(?:more|targeted|website|web) traffic\b/i,
      /\brank(?:ing|ed|s)? (?:higher|first|#?1|number one|on (?:page|the first page)|in google|on google)\b/i,
      /\b(?:first|front) page\b/i,
      /\btop of google\b/i,
      /\bgoogle rankings?\b/i,
      /\b(?:5|five)[- ]star reviews\b/i,
      /\bmore reviews\b/i,
      /\b(?:real |more |instagram |new )followers\b/i,
    ],
  },
  {
    label: "marketing",
    patterns: [
      /\b(?:digital|growth|internet|online|social media|content|email|video) marketing\b/i,
      /\bmarketing (?:agency|campaigns?|services|packages?|strategy|company)\b/i,
      /\b(?:online|digital|targeted) advertising\b/i,
      /\badvertising (?:package|campaign|space|plan)\b/i,
      /\bsocial media (?:management|manager|posts|services)\b/i,
      /\b(?:smm|smo|ppc)\b/i,
      /\bpay[- ]per[- ]click\b/i,
      /\b(?:facebook|instagram|tiktok|linkedin) ads\b/i,
      /\b(?:run|manage|managing|running) your (?:google |facebook |online )?(?:ads|adverts|advertising|campaigns)\b/i,
      /\b(?:ads|ppc|campaign|social media) management\b/i,
      /\bcontent (?:writing|writer|partnership|creation)\b/i,
      /\b(?:sponsored|guest) (?:articles?|posts?|content)\b/i,
      /\bguest (?:blogging|writer)\b/i,
      /\bdo-?follow\b/i,
      /\blinks? (?:back|exchange|insertion|placement)\b/i,
      /\bpublication fee\b/i,
      /\btop (?:10|ten|20|50) [\w ]{0,30}(?:companies|firms|businesses)\b/i,
      /\bexplainer videos?\b/i,
      /\bloom video\b/i,
      /\b(?:brand identity|logo design|new logo)\b/i,
      /\bvirtual assistants?\b/i,
      /\b(?:ai )?chat ?bots?\b/i,
      /\bbusiness (?:loans?|funding|finance offer)\b/i,
      /\b(?:no|without) credit checks?\b/i,
      /\bmerchant cash advance\b/i,
      /\b(?:content creator|influencer|paid (?:post|partnership|collaboration)|sponsored post)\b/i,
      /\b(?:youtube|tiktok|instagram) (?:channel )?(?:promotion|growth|followers|views)\b/i,
      /\b\d+k (?:views|followers|subscribers)\b/i,
      /\b(?:bookkeeping|tender[- ]writing|route planning|energy (?:bills|broker)|utility bills) (?:services?|software)?\b/i,
      /\b(?:security plugin|malware)\b/i,
      /\blead marketplace\b/i,
      /\b(?:directory submissions?|social bookmarking|google visibility|online reviews|local services ads)\b/i,
      /\bwithout (?:a )?prescription\b/i,
      /\b(?:serious relationship|lonely|dating site|hot singles)\b/i,
      /\bcheap (?:flights|hotels?|meds|pills|loans|ozempic|viagra)\b/i,
      /\b(?:voucher|gift card) (?:worth|for you|winner)\b/i,
      /\b(?:ghostwriting|ghost-writing|premium placement|photo shoot)\b/i,
      /\b(?:need|want) a loan\b/i,
      /\bpay (?:you )?back with interest\b/i,
      /\b[$£€]\d[\d.,]* million\b/i,
      /\bhi dear\b/i,
      /\b(?:working|work) from home\b/i,
      /\bno experience (?:needed|required)\b/i,
      /\bmake [£$€]\d+ (?:a|per) (?:day|week)\b/i,
      /\b(?:cbd|vape|wholesale)\b/i,
      /\b(?:targeted|email|marketing|ad) campaigns?\b/i,
      /\b(?:promotional videos?|showreel|call centre|call center|booked solid)\b/i,
      /\b(?:inheritance|estate of (?:a |the |my )?late|shares your surname)\b/i,
      /\b(?:buy|cheap) (?:instagram|tiktok|youtube|facebook) (?:likes|followers|views)\b/i,
      /\b(?:instagram|tiktok|youtube|facebook) likes\b/i,
      /\bbusiness energy\b/i,
      /\bcompare quotes from\b/i,
      /\b(?:at|for) half price\b/i,
    ],
  },
  {
    label: "website",
    patterns: [
      /\bweb(?:site)? (?:development|developer|designers?|agency|audit|redesign|makeover|rebuild)\b/i,
      /\b(?:website|site|seo) audit\b/i,
      /\b(?:rebuild|redesign|revamp|refresh) (?:it|your (?:website|site))\b/i,
      /\bmobile[- ]friendly\b/i,
      /\b(?:wordpress|shopify|wix|landing pages?)\b/i,
      /\bloads? slowly\b/i,
      /\b\d+ (?:errors|issues) (?:on|hurting|with)\b/i,
      /\b(?:ada|wcag|gdpr) complian(?:t|ce)\b/i,
      /\baccessibility (?:issues|problems|errors|lawsuits?)\b/i,
    ],
  },
  {
    label: "notice",
    patterns: [
      /\b(?:domain|listing|directory|business profile|google profile|(?:ssl|security|website) certificate|mailbox|email account|hosting|password|dns|facebook page|instagram account)\b[^.!?\n]{0,60}\b(?:expir\w*|suspen\w*|cancel\w*|terminat\w*|lapsed?|released|remov\w*|deleted|disabled|deactivat\w*|flagged|unverified|not verified|pending)\b/i,
      /\b(?:expir\w*|renew\w*|suspen\w*|lapse)\b[^.!?\n]{0,40}\b(?:domain|listing|ssl|business profile|mailbox|hosting|password)\b/i,
      /\b(?:domain|seo|search engine|directory|web|online|business) listings?\b/i,
      /\b(?:domain|search engine) (?:registration|submission)\b/i,
      /\b(?:business|web|online|trade|yell) directory\b/i,
      /\b(?:expiry|expiration|renewal|domain|service|trademark|copyright) notice\b/i,
      /\bnotice of (?:domain|expiry|expiration|renewal|suspension)\b/i,
      /\bas (?:a |their |the )?domain names?\b/i,
      /\bcopyright infringement\b/i,
      /\b(?:storage|mailbox) (?:is )?full\b/i,
      /\bupgrade your (?:mailbox|account|storage|plan)\b/i,
      /\brenew (?:now|today|immediately|in one click|online|here)\b/i,
      /\b(?:de-?listing|delisted)\b/i,
      /\bapplication to register\b/i,
      /\bregister [\w.-]{1,60}\.(?:cn|asia|hk|com\.cn)\b/i,
      /\b(?:filed|applied|application) to register\b/i,
      /\bnotice of intent\b/i,
      /\bbusiness (?:guide|register|directory)\b/i,
      /\byour advert\b/i,
      /\btransfer (?:the|your) domain\b/i,
    ],
  },
];

/**
 * A salesman's and a scammer's voice, whatever they sell: each kind found adds its weight once
 * (SPAM_WEIGHTS.voice). Talking of the business's website, domain or sales ("your website is",
 * "dear business owner") 2; offering a service to it ("we specialise in", "our callers can") 3; a
 * salesman's ask ("worth a chat?", "can I send pricing?", "reply YES") 2; a threat or a deadline
 * ("will be deleted", "final reminder", "failure to comply") 3; asking for a fee or a payment 2.
 * A customer writes some of these too ("I saw on your website…"): each alone is never Spam, and
 * genuine enquiries of the corpus carry one at most.
 */
export const SALES_VOICE: Array<{ kind: keyof typeof SPAM_WEIGHTS.voice; patterns: RegExp[] }> = [
  {
    kind: "yourBusiness",
    patterns: [
      /\byour (?:own )?(?:website's|site's|website (?:is|has|does|doesn't|could|needs|looks|loads|isn't)|domain|brand|listing|business (?:listing|profile|page|registration)|company (?:is|was) listed|revenue|sales|marketing|online presence|competitors|instagram|facebook|linkedin|followers|hosting|website hosting|mailbox|password|dns|seo|rankings?|search (?:results|rankings?|visibility)|visibility|contact page|customer acquisition|leads|pipeline|traffic|reputation|advertising|ads|parcel|blog)\b/i,
      /\byour (?:microsoft|google|office|email|apple) \w+ (?:account|password|profile)\b/i,
      /\bin your (?:area|region|industry|sector|niche)\b/i,
      /\bbusiness(?:es)? like yours\b/i,
      /\bdear (?:business )?(?:owner|manager|purchasing manager|purchaser)\b/i,
      /\bon your behalf\b/i,
      /\b(?:(?:i|we) )?(?:came across|noticed|checked|looked at|was looking at|were looking at|visited|reviewed|audited|analysed|analyzed) (?:that )?your (?:website|site|business|company|page|listing|profile|blog)\b/i,
      /\bwe noticed (?:that )?[\w.-]{1,60}\.(?:co\.uk|com|uk|org|net)\b/i,
      /\bdoesn't (?:appear|show|rank)\b/i,
      /\byour (?:company's|business's|firm's) (?:[\w-]{1,30} ){0,2}(?:bills?|costs?|data|registration|accounts?|records|listing|profile|website|vat|tax|energy)\b/i,
      /\byour (?:account|entry|registration|vat return|refund|grant|social media|google listing|google profile)\b/i,
      /\b(?:businesses|companies|contractors|firms) like (?:you|yours)\b/i,
      /\b(?:taking on|take on) new (?:business|clients|customers|work)\b/i,
      /\bthe right person to (?:speak|talk) to\b/i,
      /\bwho (?:handles|looks after|is responsible for|manages) your\b/i,
      /\bi (?:love|loved|really like) what you(?:'re| are) doing\b/i,
      /\b(?:analysis|audit|review) of your\b/i,
      /\b(?:still )?looking for (?:more|new) (?:customers|clients|business|leads|work)\b/i,
      /\byour (?:company|business) is (?:hiring|growing|listed|missing|not listed)\b/i,
      /\bif you do not (?:respond|reply|renew|pay|confirm|verify|act)\b/i,
      /\b(?:capacity|room) for (?:more|new) (?:work|clients|customers|business|jobs)\b/i,
      /\byour (?:company|business) (?:qualifies|is eligible|has been selected)\b/i,
      /\bare you looking to (?:expand|grow|scale)\b/i,
      /\byour (?:quota|customer data|admin panel)\b/i,
    ],
  },
  {
    kind: "offer",
    patterns: [
      /\b(?:we|i) (?:specialise|specialize) in\b/i,
      /\b(?:we|i) (?:provide|offer|supply|sell|deliver|arrange|guarantee) (?:[\w-]{1,30} ){0,5}?(?:leads|appointments|services|packages|solutions|backlinks|links|articles|websites|videos|designs|loans|funding|followers|reviews|traffic|rankings|lists|data)\b/i,
      /\b(?:we|i) (?:help|work with|partner with) (?:[\w-]{1,30} ){0,3}(?:companies|businesses|firms|brands|agencies|owners|contractors)\b/i,
      /\bwe helped (?:a |an |one )?(?:\w{1,30} ){0,3}(?:company|business|firm|client|brand)\b/i,
      /\b(?:we|i) fix\b/i,
      /\b(?:we|i) (?:can|will|could) (?:help you|get you|put you|put your|bring you|send you more|fix (?:that|this|it|your)|change that|reach|double|triple|boost|increase|improve your|grow your|rebuild|redesign|write for|build you|design you|handle your|manage your|take care of your)\b/i,
      /\b(?:increas|boost|grow|improv|doubl|tripl)\w* your (?:revenue|sales|traffic|followers|leads|rankings?|visibility|enquiries|customers|profits?|bookings)\b/i,
      /\bour (?:callers|agency|experts|designers|writers|developers|specialists|seo team|marketing team can|team can|clients (?:see|get|typically))\b/i,
      /\b(?:we'd|we would|i'd|i would) (?:love|like) to (?:feature|list|include) (?:you|your|[\p{Lu}][\w&-]{0,30})(?: [\p{Lu}][\w&-]{0,30}){0,6} in our\b/iu,
      /\bi (?:put together|recorded|made) (?:a|an) (?:short |quick |free )?(?:video|audit|report|mock-?up|plan)\b/i,
      /\b(?:we're|we are|i'm|i am) (?:a|an) (?:[\w-]{1,30} ){0,3}(?:agency|freelancer|marketer|seo expert|web designer|developer|specialist in)\b/i,
      /\b(?:i'm|i am|this is) \p{Lu}\w{0,30} from (?:a |an )?(?:[\w-]{1,30} )?(?:marketing|seo|digital|telemarketing|lead generation|web|design|outsourcing|data|growth) (?:company|agency|firm|team)\b/iu,
      /\boutsourc\w{0,6} (?:any of )?(?:your|the)\b/i,
      /\b(?:we|i)(?:'re| are| am|'m) (?:currently )?(?:introducing|offering|reaching out to offer)\b/i,
      /\breaching out to offer\b/i,
      /\b(?:we|i) (?:introduce|generate|save|build|create|automate) (?:[\w-]{1,30} ){0,3}?(?:businesses|companies|leads|enquiries|inquiries|landing pages|websites|apps|content|videos|hotels|restaurants|clients|customers|contracts)\b/i,
      /\bour (?:[\w-]{1,30} ){0,2}(?:services|software|platform|plugin|agency|packages|programme|program)\b/i,
      /\b(?:our|the) [\w-]+ (?:service|solution|tool|app) (?:helps|can|will|saves)\b/i,
      /\b(?:software|platform|app|tool) (?:helps|lets|allows) (?:[\w-]{1,30} ){0,2}(?:businesses|companies|firms|you)\b/i,
      /\b(?:no results,? no fee|commission only|no strings attached|no (?:upfront|sign-?up|setup|joining|placement) (?:costs?|fees?)|no cost to you|risk[- ]free)\b/i,
      /\bwe (?:can )?typically (?:reduce|save|increase|cut|double)\b/i,
      /\b(?:reduce|cut|lower) your (?:[\w-]{1,30} ){0,2}(?:bills?|costs?)\b/i,
      /\bhave (?:buyers|investors|clients) (?:interested|looking)\b/i,
      /\b(?:considered|thought about) selling\b/i,
      /\b(?:get|win|bring) (?:you )?more (?:clients|customers|business|work|contracts|enquiries|leads|sales|calls)\b/i,
      /\bwin (?:more )?(?:public sector |new )?(?:contracts|tenders)\b/i,
      /\bhigh[- ]converting\b/i,
      /\bguaranteed (?:\d+k? )?(?:views|followers|results|rankings?|traffic|leads)\b/i,
      /\b(?:our company|our firm|we|i) (?:offers|offer|provides|sells|supplies) (?:[\w-]{1,30} ){0,4}?(?:for|to) (?:your |other |small |local |trade |b2b |uk )?(?:business|businesses|companies|firms)\b/i,
      /\bfor (?:b2b|small|local|trade|uk|other|service) (?:businesses|companies|firms)\b/i,
      /\b(?:work|working|worked|partner|partnering) with (?:[\w-]{1,30} ){0,3}(?:companies|businesses|firms|brands|contractors|agencies)\b/i,
      /\bour clients (?:usually|typically|often|see|get|save|have|are|averaged?)\b/i,
      /\b(?:most|many|all) of our clients\b/i,
      /\bpartnership opportunity\b/i,
      /\b(?:a |small |per )?commission (?:per|on|only|for)\b/i,
      /\b(?:get|bring|send|win) you (?:\d+|more|new) (?:new )?(?:commercial )?(?:contracts|customers|clients|leads|jobs|calls|appointments)\b/i,
      /\bprices? (?:start|starting) (?:from|at)\b/i,
      /\b(?:special|discounted|introductory) (?:price|offer|rate|deal) (?:this|for this) (?:month|week) only\b/i,
      /\b(?:we are|we're) (?:a |an )?(?:leading )?(?:manufacturer|supplier|factory|wholesaler|distributor|exporter)s? of\b/i,
      /\b(?:factory price|moq|our catalogue|our catalog|our product range)\b/i,
      /\blist your (?:company|business) on\b/i,
      /\b(?:i|we) (?:have|put together|compiled|built) a list of\b/i,
      // A seller's list counts what it sells: "a verified list of 12,000…", "an up-to-date database of 8,000…".
      /\b(?:i|we)(?: have| have got|'ve got| put together| compiled| built) (?:a|an) (?:[\w-]{1,30} ){1,3}(?:list|database) of (?:over |more than |around )?\d/i,
      /\b(?:wanted to|like to|i'd like to|to) introduce (?:our|my|you to)\b/i,
      /\bby up to \d+ ?%/i,
      /\b(?:i am|i'm|we are|we're) (?:a |an )?(?:[\w-]{1,30} )?(?:copywriter|writer|photographer|videographer|designer|marketer|recruiter|developer|bookkeeper)s?\b/i,
      /\b(?:recruitment|staffing|bookkeeping|payroll|accounting|cleaning|it support|telemarketing|translation) services\b/i,
      /\bwe buy (?:[\w-]{1,30} ){0,2}(?:cars|vans|gold|houses|property|businesses|scrap)\b/i,
      /\bcash paid\b/i,
      /\bwe (?:connect|match|introduce|pair) (?:[\w-]{1,30} ){0,2}(?:contractors|suppliers|businesses|companies|you) (?:with|to)\b/i,
      /\b(?:only pay|pay only) (?:when|for|if)\b/i,
      /\b(?:we|i) can offer you\b/i,
      /\b(?:like|love) to (?:include|feature|list) you\b/i,
      /\bfor (?:founders|startups|business owners|brands|agencies|small businesses)\b/i,
      /\binterested in buying\b/i,
      /\b(?:for sale|low mileage)\b/i,
      /\bcheck (?:out )?our (?:range|catalogue|catalog|products|portfolio|website)\b/i,
      /\bbusiness proposal\b/i,
      /\b(?:love|like|happy) to help you\b/i,
      /\bstarts? (?:at|from) [£$€]\d/i,
      /\bwe produce (?:[\w-]{1,30} ){0,2}(?:videos|content|websites|ads|adverts)\b/i,
      /\bwarm introductions?\b/i,
    ],
  },
  {
    kind: "ask",
    patterns: [
      /\breply (?:with )?["'“‘]?(?:yes|interested|stop)\b/i,
      /\breply to this (?:message|email)\b/i,
      /\bfree (?:\w{1,30} )?(?:audit|report|sample|mock-?up|consultation|demo|analysis|strategy session|video)\b/i,
      /\b\d+[- ]minutes? (?:call|chat|meeting|slot|zoom)\b/i,
      /\b(?:hop|jump) on a (?:quick )?(?:call|zoom)\b/i,
      /\bbook (?:a |some |\d+ )?(?:call|minutes|demo)\b/i,
      /\bin your (?:diary|calendar)\b/i,
      /\bcalendly\b/i,
      /\bno obligation\b/i,
      /\b(?:to )?unsubscribe\b/i,
      /\bopt[- ]out\b/i,
      /\bcase studies\b/i,
      /\b(?:shall|can|may|could) (?:i|we) (?:send|show) (?:you|it|over|pricing|a|the|more|our)\b/i,
      /\bwant me to (?:send|show|share)\b/i,
      /\b(?:would|are) you (?:be )?open to (?:(?:a |an )?(?:quick |short |brief |free )?(?:call|chat|conversation|zoom|demo)|hearing|discussing|exploring)\b/i,
      /\bworth a (?:quick )?(?:chat|call|conversation|look)\b/i,
      /\bhave you had a chance\b/i,
      /\bfollow(?:-| )up (?:to|on) my (?:previous|last|earlier) (?:message|email|note)\b/i,
      /\bwould you be interested in (?:boosting|getting|growing|increasing|improving|a steady|more|our services|hearing)\b/i,
      /\bclick (?:here|the link|below)\b/i,
      /\blimited (?:offer|spaces)\b/i,
      /\b\d+ ?% off\b/i,
      /[£$€]\s?\d+(?:[.,]\d+)?\s?(?:\/|per |a )(?:month|mo|article|link)\b/i,
      /\b(?:\d+k?) (?:real )?(?:followers|visitors|backlinks) for [£$€]\d/i,
      /\b(?:can|could|shall|may) (?:we|i) (?:arrange|book|schedule|set up) (?:a |an )?(?:call|meeting|chat|demo)\b/i,
      /\bshall we (?:talk|chat|speak)\b/i,
      /\bwant early access\b/i,
      /\bwould you like a (?:\d+[- ]day )?(?:free )?(?:trial|demo)\b/i,
      /\b(?:simply|just) reply\b/i,
      /\bclaim (?:yours|it here|your (?:free|refund|grant|prize|reward|spot))\b/i,
      /\bjust checking in\b/i,
      /\bsend you (?:a |some |my |our )?(?:short |quick |brief )?(?:proposal|info|information|pricing|rates)\b/i,
      /\breaching out\b/i,
      /\bare you the right person\b/i,
      /\bopen to (?:learning|hearing|exploring|discussing) more\b/i,
      /\b(?:good|convenient|best) time (?:for|to) (?:a |have a )?(?:call|chat|talk|speak)\b/i,
      /\bwould (?:that|this|it) be of interest\b/i,
      /\btry (?:it|us) (?:free|for free)\b/i,
      /\bfree for (?:the first )?\d+ (?:days|weeks|months)\b/i,
      /\breply and (?:i'll|i will|we'll|we will) send\b/i,
      /\b(?:schedule|book|arrange) a (?:quick |short |free )?(?:demo|call|meeting)\b/i,
      /\bclaim (?:now|today|here)\b/i,
      /\bwould you like (?:a|the) (?:copy|list|sample|demo|trial)\b/i,
      /\bspecial (?:rate|offer|price|deal) (?:this|for)\b/i,
      /\breply to (?:apply|claim|receive|get|find out|learn)\b/i,
      /\bmind if i (?:send|share|show)\b/i,
      /\bfancy a (?:quick )?(?:chat|call)\b/i,
    ],
  },
  {
    kind: "threat",
    patterns: [
      /\bwill be (?:deleted|suspended|removed|terminated|disabled|cancelled|canceled|released|rejected|delisted|interrupted|locked|closed)\b/i,
      /\b(?:expires?|expired|expiring|lapses?|lapsed) (?:today|tomorrow|soon|in \d+|on \d+|within)\b/i,
      /\bfinal (?:reminder|notice|warning|demand)\b/i,
      /\b(?:respond|reply|pay|payment|renew|verify|confirm|act|update [\w ]{1,30}) within \d+\b/i,
      /\bto avoid (?:suspension|cancellation|losing|removal|termination|interruption|disconnection|deactivation|delisting|penalties)\b/i,
      /\bfailure to (?:pay|comply|renew|respond|verify|act|update)\b/i,
      /\b(?:could|may|will) be (?:sued|fined|penalised|penalized)\b/i,
      /\b(?:penalties|legal action)\b/i,
      /\bconfirm (?:your )?ownership\b/i,
      /\b(?:restore|keep) (?:your )?(?:access|current password|account)\b/i,
      /\b(?:verify|confirm) (?:now|your (?:account|listing|profile|details|identity))\b/i,
      /\bdue for renewal\b/i,
      /\b(?:scheduled for|pending) (?:deletion|removal|suspension|cancellation)\b/i,
      /\b(?:account|profile|id|listing|site|website|domain|page|email|mailbox|card) (?:has been |is |was |will be )?(?:now )?(?:locked|blacklisted|suspended|flagged|compromised|hacked|under review|disabled|restricted)\b/i,
      /\bwill be blacklisted\b/i,
      /\b(?:security alert|unusual (?:sign-in|login|activity)|suspicious (?:activity|sign-in|login))\b/i,
      /\bhas been selected (?:for|to)\b/i,
      /\bunless (?:payment|you (?:pay|renew|verify|confirm|install|update|respond|reply)|renewed|verified)\b/i,
      /\bwill not be (?:published|renewed|listed)\b/i,
      /\bfine of up to\b/i,
      /\b(?:reminder|notice) \d\b/i,
      /\bto keep (?:it|your [\w-]+) (?:active|live|working|running|safe)\b/i,
      /\b(?:unlock|secure|reactivate) (?:it|your account|your profile)\b/i,
      /\blog in (?:at|here)\b/i,
      /\bwill be (?:transferred|lost|closed|blocked)\b/i,
      /\b(?:collection|legal|court) proceedings\b/i,
      /\b(?:requires?|required) (?:verification|action|renewal|payment)\b/i,
      /\b(?:renewal|verification|action|payment|confirmation) required\b/i,
      /\b(?:congratulations|you have won|you've won|you are a winner)\b/i,
      /\b(?:messages|emails|mail) (?:are|is) (?:being )?(?:held|blocked|quarantined|pending)\b/i,
      /\brelease (?:them|your messages|your emails|your mail)\b/i,
      /\bdetected (?:a problem|an issue|unusual|suspicious|malware)\b/i,
      /\b(?:listing|profile|page|site|account|website) (?:may|will|could) be (?:hidden|removed|suspended|deleted|closed)\b/i,
      /\bto avoid (?:further )?(?:action|penalties|charges|fines)\b/i,
      /\breached (?:\d+ ?% of )?(?:its|your) (?:quota|limit|storage)\b/i,
      /\bmessages will (?:bounce|be lost|be rejected|stop)\b/i,
      /\bif you did not (?:request|authorise|authorize|make) this\b/i,
    ],
  },
  {
    kind: "payment",
    patterns: [
      /\b(?:invoice|payment|balance|account) (?:is |remains )?(?:now )?(?:overdue|past due|unpaid|outstanding)\b/i,
      /\bremains? outstanding\b/i,
      /\bunpaid (?:invoice|balance)\b/i,
      /\bpayment (?:reminder|demand|link|portal|required|is (?:now )?(?:due|overdue))\b/i,
      /\b(?:remit|settle|make) (?:the |your |this )?(?:payment|invoice|balance|amount)\b/i,
      /\bpay (?:now|here|online now|today|via the link|the [£$€]|at https?:)/i,
      /\b(?:verification|publication|listing|registration|redelivery|renewal|processing|admin|one-time|setup) fee\b/i,
      /\bannual (?:fee|renewal|listing|maintenance|subscription)\b/i,
      /\binvoice (?:is )?(?:attached|enclosed)\b/i,
      /\b(?:not|never) received (?:your )?payment\b/i,
      /\b(?:fee|charge|payment) of [£$€]\s?\d/i,
      /\b(?:is|are) (?:now )?unpaid\b/i,
      /\b(?:receive|claim) (?:your|a|the) (?:refund|grant|prize|reward)\b/i,
      /\brefund of [£$€]/i,
      /\blate (?:charges|fees|payment fees?)\b/i,
      /\bpay immediately\b/i,
      /\boutstanding (?:invoice|balance|payment|amount)\b/i,
      /\bremit [£$€]/i,
      /\bconfirm (?:your )?payment\b/i,
      /\bpayment (?:details|confirmation)\b/i,
      /\bsecure (?:payment )?portal\b/i,
      /\bupdate your (?:card|payment|billing) (?:details|information)\b/i,
      /\battached invoice\b/i,
      /\bpayment terms are\b/i,
      /\bpenalty of [£$€]/i,
    ],
  },
];

/**
 * What the submitted fields break: links or markup in names, a message of only links or of many,
 * disallowed words (whole words or phrases, any case) and domains (the e-mail's and the links'),
 * and the pitches and notices of PITCH_PHRASES and SALES_VOICE.
 */
export function contentReasons(fields: Record<string, unknown>, settings: SpamSettings): Reason[] {
  const contact = (fields.contact ?? {}) as Record<string, unknown>;
  const names = [text(fields.name), text(contact.name)];
  const message = text(fields.message);
  const email = text(fields.email) || text(contact.email);
  const reasons: Reason[] = [];
  if (names.some((name) => MARKUP.test(name) || HAS_LINK.test(name)))
    reasons.push([SPAM_WEIGHTS.nameLink, SPAM_MESSAGES.nameLink]);
  const links = message.match(LINK) ?? [];
  const rest = message.replace(LINK, "").replace(/[\s,;|•·\-–—:]+/g, "");
  // Nothing but links, or a list of them behind a few words ("Best offers: …").
  const linkList = rest.length === 0 || (links.length >= 2 && rest.length <= LINK_LIST_LEAD * links.length);
  if (links.length > 0 && linkList) reasons.push([SPAM_WEIGHTS.onlyLinks, SPAM_MESSAGES.onlyLinks]);
  else if (links.length >= SPAM_MANY_LINKS)
    reasons.push([SPAM_WEIGHTS.manyLinks, SPAM_MESSAGES.manyLinks(links.length)]);
  else if (links.length > 0) reasons.push([SPAM_WEIGHTS.link, SPAM_MESSAGES.link]);
  if (mostlyOtherScript(message)) reasons.push([SPAM_WEIGHTS.otherScript, SPAM_MESSAGES.otherScript]);
  const words = [message, ...names, text(fields.company), text(fields.businessType), text(fields.wasteType)]
    .join("\n")
    .toLowerCase();
  for (const word of settings.words) {
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegExp(word.toLowerCase())}($|[^\\p{L}\\p{N}])`,
      "u",
    );
    if (pattern.test(words)) reasons.push([SPAM_WEIGHTS.word, SPAM_MESSAGES.word(word)]);
  }
  reasons.push(...pitchReasons(message));
  const hosts = [email.split("@")[1]?.toLowerCase() ?? "", ...linkDomains(message)].filter(Boolean);
  for (const domain of settings.domains)
    if (hosts.some((host) => onDomain(host, domain)))
      reasons.push([SPAM_WEIGHTS.domain, SPAM_MESSAGES.domain(domain)]);
  return reasons;
}

/**
 * Words of a seller's or a scammer's trade that a waste company's customers seldom use: three
 * different ones in a message weigh SPAM_WEIGHTS.vendorWords (3, never Spam alone). Whole words,
 * any case. Measured with the corpus's genuine enquiries, which use one at most ("free", "renewal").
 */
export const VENDOR_WORDS =
  /\b(?:clients|businesses|companies|firms|agency|marketing|leads|growth|revenue|sales|promotion|advertising|advert|campaigns?|seo|reviews|rating|followers|views|subscribers|traffic|visibility|rankings?|listings?|directory|domains?|hosting|profiles?|verify|verification|expire[sd]?|expiry|penalty|grants?|loans?|funding|investment|invest|profits?|income|earn|million|cash|crypto|wholesale|bulk|premium|cheap|discount|deals?|free|trial|demo|proposal|opportunity|opportunities|partnership|commission|packages?|platform|software|solutions?|automatically|instantly|guaranteed|24\/7|proven|results|roi|b2b|founders|prize|voucher|winner|congratulations|click|subscribe|unsubscribe|sms|whatsapp|telegram|boost|grow|increase)\b/gi;
export const VENDOR_WORDS_MIN = 3;

/**
 * What a customer asks of a waste company: a collection, a tanker, an emptying, a quote or a
 * price, or an amount of something (kilos, tonnes, litres, bins, meals). A message with none of
 * these and a salesman's voice adds SPAM_WEIGHTS.noRequest: a customer's "I saw your website" sits
 * beside a request, a salesman's beside none.
 */
export const ASKS_FOR_SERVICE: RegExp[] = [
  /\b(?:collect|collects|collected|collecting|collection|collections|pick[- ]?ups?|tanker|tankers|tankering|empty|emptying|emptied|depackag\w*|lifts?|bins?|caddies|skips?)\b/i,
  /\b(?:quote|quotes|quotation|price list|prices?|cost|gate fees?|how much)\b/i,
  /\b\d[\d,.]*\s?(?:kg|kgs|kilos?|tonnes?|tons?|litres?|liters?|l|gallons?|m3|m³|covers|meals|pupils|beds|rooms|children)\b/i,
  /\b\d+-bed\b/i,
];

/**
 * The message's pitch and notice phrases: the first weighs `pitch`, a second adds `pitchMore`
 * (each reason names the kind of pitch, never the visitor's words); each kind of SALES_VOICE found
 * adds its weight; with any of them and no request of ours (ASKS_FOR_SERVICE), noRequest.
 */
function pitchReasons(message: string): Reason[] {
  const found = PITCH_PHRASES.flatMap(({ label, patterns }) =>
    patterns.filter((pattern) => pattern.test(message)).map(() => label),
  );
  const reasons: Reason[] = [];
  if (found.length > 0) {
    const kinds = [...new Set(found)].map((label) => SPAM_MESSAGES.pitchKinds[label]);
    reasons.push([SPAM_WEIGHTS.pitch, SPAM_MESSAGES.pitch(kinds)]);
    if (found.length > 1) reasons.push([SPAM_WEIGHTS.pitchMore, SPAM_MESSAGES.pitchMore(found.length)]);
  }
  const vendor = [...new Set((message.match(VENDOR_WORDS) ?? []).map((word) => word.toLowerCase()))];
  if (vendor.length >= VENDOR_WORDS_MIN)
    reasons.push([SPAM_WEIGHTS.vendorWords, SPAM_MESSAGES.vendorWords(vendor)]);
  for (const { kind, patterns } of SALES_VOICE)
    if (patterns.some((pattern) => pattern.test(message)))
      reasons.push([SPAM_WEIGHTS.voice[kind], SPAM_MESSAGES.voice[kind]]);
  if (reasons.length > 0 && !ASKS_FOR_SERVICE.some((pattern) => pattern.test(message)))
    reasons.push([SPAM_WEIGHTS.noRequest, SPAM_MESSAGES.noRequest]);
  return reasons;
}
