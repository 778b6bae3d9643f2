import type { AvailableDay, Slot } from "@common/bookings/availability";
import { BOOKING_MESSAGES } from "@common/bookings/bookings";
import { domainFailure } from "@common/errors";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { postedText, postedToken } from "@common/leads/enquiry-submission";
import { decodeLeadSource, LEAD_SOURCE_FIELD } from "@common/leads/lead-source-field";
import { type AppLoadContext, data, redirect } from "react-router";

/**
 * The /book page's server half (issue 48), HTML first: each step is a page of its own, reached by
 * a link or a form and answered by the server (days as links, a day's times as radio buttons, the
 * visitor's details, the confirmation), and the link's page to move or cancel a booking. Reads and
 * writes go through the load context's booking service only. URLs carry the day, the time chosen
 * and the reference, never a visitor's details.
 */

export const DETAIL_FIELDS = ["name", "email", "phone", "company", "postcode", "note"] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const REFERENCE = /^FO-[0-9A-F]{8}$/;

export type BookView =
  | { step: "days"; days: AvailableDay[] }
  | { step: "times"; day: AvailableDay; days: AvailableDay[] }
  | { step: "details"; day: AvailableDay; slot: Slot }
  | { step: "done"; reference: string; at: string }
  | { step: "cancelled"; reference: string };

export type ManageView =
  | { step: "invalid"; message: string }
  | {
      step: "manage";
      booking: { id: string; reference: string; startsAt: string };
      base: string;
      days: AvailableDay[];
      day?: AvailableDay;
      slot?: Slot;
      moved: boolean;
    };

export interface BookAnswer {
  values?: Partial<Record<DetailField, string>>;
  fieldErrors?: Record<string, string>;
  /** The time was taken meanwhile: the message and the nearest free times. */
  taken?: { message: string; nearest: Slot[] };
}

function chosen(days: AvailableDay[], url: URL) {
  const dayParam = url.searchParams.get("day") ?? "";
  const start = url.searchParams.get("start") ?? "";
  const slotDay = start ? days.find((d) => d.slots.some((s) => s.start === start)) : undefined;
  const day = slotDay ?? (ISO_DAY.test(dayParam) ? days.find((d) => d.day === dayParam) : undefined);
  const slot = slotDay?.slots.find((s) => s.start === start);
  return { day, slot };
}

/** The booking steps' page for this address. */
export async function bookLoader(request: Request, context: AppLoadContext): Promise<BookView> {
  const url = new URL(request.url);
  const booked = url.searchParams.get("booked") ?? "";
  const at = url.searchParams.get("at") ?? "";
  if (REFERENCE.test(booked) && !Number.isNaN(Date.parse(at))) return { step: "done", reference: booked, at };
  const cancelled = url.searchParams.get("cancelled") ?? "";
  if (REFERENCE.test(cancelled)) return { step: "cancelled", reference: cancelled };
  const days = await context.services.bookings.availableDays();
  const { day, slot } = chosen(days, url);
  if (day && slot) return { step: "details", day, slot };
  if (day) return { step: "times", day, days };
  return { step: "days", days };
}

/** The details posted: book the time, or answer with what was wrong (each field's message) or taken. */
export async function bookAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, postedText(form, name)])) as Record<
    DetailField,
    string
  >;
  const start = postedText(form, "start");
  // The hourly allowance of the enquiry kind this page's bookings go to the desk as ("review").
  const wait = await context.enquiryAllowance?.("review");
  if (wait !== undefined)
    return data<BookAnswer>(
      { values, fieldErrors: { form: BOOKING_MESSAGES.tooMany } },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  try {
    const booked = await context.services.bookings.book({
      fields: { start, ...values },
      token: postedToken(form),
      trap: postedText(form, HONEYPOT_FIELD),
      source: decodeLeadSource(postedText(form, LEAD_SOURCE_FIELD)),
      client: context.clientKey,
      browser: context.sentByBrowser,
    });
    const at = booked.startsAt || start;
    return redirect(`/book?booked=${encodeURIComponent(booked.reference)}&at=${encodeURIComponent(at)}`, 303);
  } catch (error) {
    return refused(error, values);
  }
}

/** A domain error as the page answers it: 400 with each field's message, 409 with the nearest times. */
function refused(error: unknown, values?: Partial<Record<DetailField, string>>) {
  const failure = domainFailure(error);
  if (!failure) throw error;
  const nearest = (error as { nearest?: Slot[] }).nearest;
  if (failure.kind === "Conflict" && nearest)
    return data<BookAnswer>({ values, taken: { message: failure.message, nearest } }, { status: 409 });
  return data<BookAnswer>(
    { values, fieldErrors: failure.fieldErrors ?? { form: failure.message } },
    { status: failure.status },
  );
}

/** The link's page: the booking's time, and the steps to move it, or why the link no longer works. */
export async function manageLoader(
  request: Request,
  context: AppLoadContext,
  id: string,
  token: string,
): Promise<ManageView> {
  const url = new URL(request.url);
  try {
    const booking = await context.services.bookings.viewByLink(id, token);
    const days = await context.services.bookings.availableDays();
    const { day, slot } = chosen(days, url);
    return {
      step: "manage",
      booking,
      base: `/book/manage/${id}/${token}`,
      days,
      day,
      slot,
      moved: url.searchParams.get("moved") === "1",
    };
  } catch (error) {
    const failure = domainFailure(error);
    if (failure?.kind !== "NotFound") throw error;
    throw data<ManageView>({ step: "invalid", message: failure.message }, { status: 404 });
  }
}

/** Move (a time chosen) or cancel, by the link. */
export async function manageAction(request: Request, context: AppLoadContext, id: string, token: string) {
  const form = await request.formData();
  try {
    if (postedText(form, "intent") === "cancel") {
      const booking = await context.services.bookings.cancelByLink(id, token);
      return redirect(`/book?cancelled=${encodeURIComponent(booking.reference)}`, 303);
    }
    await context.services.bookings.rescheduleByLink(id, token, postedText(form, "start"));
    return redirect(`/book/manage/${id}/${token}?moved=1`, 303);
  } catch (error) {
    return refused(error);
  }
}
