import { confirmationMail, enquiryReference } from "../../common/confirmation";
import type { EnquiryKind } from "../../common/constants";
import { type ContactEnquiry, enquiryRows, type QuoteEnquiry } from "../../common/enquiries";
import { enquiryVisitor } from "../../common/enquiry-inbox";

/** One notification per enquiry: subject naming the kind and key facts, every field in both bodies. */

export interface StoredEnquiry {
  id: string;
  kind: EnquiryKind;
  fields: Record<string, unknown>;
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
};

function keyFacts(enquiry: StoredEnquiry): string {
  const f = enquiry.fields as Record<string, string> & { contact?: { name: string } };
  switch (enquiry.kind) {
    case "contact":
      return `${f.name} (${f.company})`;
    case "tankering":
      return `${f.name}, ${f.frequency}`;
    case "quote":
      return `${f.contact?.name}, ${f.businessType}, ${f.wasteType}, ${f.frequency}, ${f.location}`;
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
  const visitor =
    enquiry.kind === "quote" ? (enquiry.fields as QuoteEnquiry).contact : (enquiry.fields as ContactEnquiry);
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

  return { subject, replyTo: { name: oneLine(visitor.name), address: visitor.email }, text, html };
}

/** The visitor's confirmation (AUTO_REPLY): their reference, what happens next, the office hours. */
export function renderConfirmation(enquiry: StoredEnquiry) {
  const visitor = enquiryVisitor(enquiry.kind, enquiry.fields);
  const mail = confirmationMail({
    kind: enquiry.kind,
    name: oneLine(visitor.name),
    reference: enquiryReference(enquiry.id),
  });
  return { to: visitor.email, subject: oneLine(mail.subject), text: mail.text };
}
