/**
 * The enquiries CSV export's columns (the inbox's export and the privacy export), on the shared CSV
 * writer (./csv.ts). New columns go at the end (the stage, issue 49), so the earlier ones keep their places.
 */

import { londonDay, londonTime, twoDigits } from "../../../common/en-gb";
import { type EnquiryView, enquiryVisitor } from "../../../common/leads/enquiry-inbox";
import { KIND_LABELS, STATUS_LABELS } from "../../../common/leads/enquiry-labels";
import { LEAD_SOURCE_LABELS, LEAD_SOURCE_PARTS } from "../../../common/leads/lead-source";
import { STAGE_LABELS } from "../../../common/pipeline/stages";
import { CSV_BOM, csvRow } from "../csv";

// "2025-03-09 14:05:00" in UK time: sortable, and read as a date by spreadsheets.
function ukTime(iso: string | null): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  const t = londonTime(time);
  return `${londonDay(time)} ${twoDigits(t.hour)}:${twoDigits(t.minute)}:${twoDigits(t.second)}`;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The export's columns: a heading and how to read it from an enquiry. */
const COLUMNS: Array<[heading: string, read: (e: EnquiryView) => string]> = [
  ["Reference", (e) => e._id],
  ["Received (UK time)", (e) => ukTime(e.createdAt)],
  ["Kind", (e) => KIND_LABELS[e.kind]],
  ["Status", (e) => STATUS_LABELS[e.status]],
  ["Status changed (UK time)", (e) => ukTime(e.statusChangedAt)],
  ["Name", (e) => enquiryVisitor(e.kind, e.fields).name],
  ["Email", (e) => enquiryVisitor(e.kind, e.fields).email],
  ["Phone", (e) => enquiryVisitor(e.kind, e.fields).phone],
  ["Company", (e) => text(e.fields.company)],
  ["Business type", (e) => text(e.fields.businessType)],
  ["Waste type", (e) => text(e.fields.wasteType)],
  ["Frequency", (e) => text(e.fields.frequency)],
  ["Post code", (e) => text(e.fields.location)],
  ["Message", (e) => text(e.fields.message)],
  ["Mail", (e) => e.mail?.state ?? ""],
  ["Mail attempts", (e) => (e.mail ? String(e.mail.attempts) : "")],
  ...LEAD_SOURCE_PARTS.map((part): [string, (e: EnquiryView) => string] => [
    LEAD_SOURCE_LABELS[part],
    (e) => e.source?.[part] ?? "",
  ]),
  // Issue 49: the pipeline's stage, after every earlier column so a sheet reading them by position keeps working.
  ["Stage", (e) => STAGE_LABELS[e.stage]],
];

export const csvHeader = () => CSV_BOM + csvRow(COLUMNS.map(([heading]) => heading));

export const csvRows = (page: EnquiryView[]) =>
  page.map((e) => csvRow(COLUMNS.map(([, read]) => read(e)))).join("");
