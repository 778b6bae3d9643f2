import { reviewTimeText } from "../../../common/bookings/review-time";
import type { SiteDetails } from "../../../common/content/site-content/site-details-defaults";
import { confirmationMail, enquiryReference } from "../../../common/leads/confirmation";
import { enquiryRows } from "../../../common/leads/enquiries";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";

/** One notification per enquiry: subject naming the kind and key facts, every field in both bodies. */

export interface StoredEnquiry {
  id: string;
  kind: EnquiryKind;
  fields: Record<string, unknown>;
  /** The visitor, in the same columns for every kind (schema.ts). */
  name: string | null;
  email: string | null;
  createdAt: Date;
}

export interface NotificationContent {
  subject: string;
  replyTo: { name: string; address: string };
  text: string;
  html: string;
}

const KIND_TITLE: Record<EnquiryKind, string> = {
  contact: "Contact message",
  quote: "Quote request",
  tankering: "Tankering enquiry",
  review: "Free waste review booked",
};

function keyFacts(enquiry: StoredEnquiry): string {
  const f = enquiry.fields as Record<string, string>;
  const name = enquiry.name ?? "";
  switch (enquiry.kind) {
    case "contact":
      return `${name} (${f.company})`;
    case "tankering":
      return `${name}, ${f.frequency}`;
    case "quote":
      return `${name}, ${f.businessType}, ${f.wasteType}, ${f.frequency}, ${f.location}`;
    case "review":
      return `${name} (${f.company}), ${f.location}, ${f.start ? reviewTimeText(f.start) : ""}`;
  }
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

// Headers must stay on one line whatever a visitor typed.
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

export function renderNotification(enquiry: StoredEnquiry): NotificationContent {
  const title = KIND_TITLE[enquiry.kind];
  const rows = enquiryRows(enquiry.kind, enquiry.fields);
  const received = enquiry.createdAt.toISOString();
  const subject = oneLine(`${title}: ${keyFacts(enquiry)}`).slice(0, 200);

  const text = [
    `${title} received ${received}`,
    "",
    ...rows.map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`)),
    "",
    `Reference: ${enquiry.id}`,
    "Reply to this message to answer the visitor.",
  ].join("\n");

  const html = `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<p>Received ${escapeHtml(received)}</p>
<table cellpadding="6" style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>
<p style="color:#555">Reference: ${escapeHtml(enquiry.id)}. Reply to this message to answer the visitor.</p>
</body></html>`;

  return {
    subject,
    replyTo: { name: oneLine(enquiry.name ?? ""), address: enquiry.email ?? "" },
    text,
    html,
  };
}

/** The visitor's confirmation (AUTO_REPLY): their reference, what happens next, the office hours. */
export function renderConfirmation(enquiry: StoredEnquiry, site?: SiteDetails) {
  const mail = confirmationMail(
    {
      kind: enquiry.kind,
      name: oneLine(enquiry.name ?? ""),
      reference: enquiryReference(enquiry.id),
    },
    site,
  );
  return { to: enquiry.email ?? "", subject: oneLine(mail.subject), text: mail.text };
}
