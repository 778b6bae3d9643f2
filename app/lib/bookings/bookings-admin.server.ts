import { addDays, londonInstant } from "@common/bookings/availability";
import { BOOKING_MESSAGES, bookingListQuerySchema } from "@common/bookings/bookings";
import { type WeekReview, weekAround } from "@common/bookings/week";
import { londonDay } from "@common/en-gb";
import { Invalid } from "@common/errors";
import { can, type Role } from "@common/staff/roles";
import type { AppLoadContext } from "react-router";
import { done, refused } from "../domain-errors.server";

type Staff = { id: string; email: string; role: Role };

/** The list's ranges: today, this week (Monday to Sunday, London), or the days to come. */
export const BOOKING_RANGES = ["today", "week", "upcoming"] as const;
export type BookingRange = (typeof BOOKING_RANGES)[number];

function rangeDays(range: BookingRange, today: string) {
  if (range === "today") return { from: today, to: today };
  if (range === "upcoming") return { from: today, to: addDays(today, 7 * 26) };
  return weekAround(today);
}

/**
 * The dashboard's week (Desk and Owner): this week's booked reviews, Monday to Sunday in London,
 * by start; the time, company, reference, enquiry and colleague only (no visitor's contact details).
 */
export async function weekReviews(context: AppLoadContext, admin: Staff): Promise<WeekReview[]> {
  const week = weekAround(londonDay(Date.now()));
  const booked = await context.services.bookings.list({ ...week, status: "booked" }, admin);
  return booked.map(({ id, startsAt, company, reference, enquiryId, staffEmail }) => ({
    id,
    startsAt,
    company,
    reference,
    enquiryId,
    staffEmail,
  }));
}

/**
 * What 'Bookings' shows (Desk and Owner): the list for today, this week or the days to come, of
 * one colleague or the office's (`?staff=`), the colleagues who take reviews, the blocked times,
 * the settings, and, for 'Move' (`?move=<id>`), the free times as the desk may give them.
 */
export async function bookingsScreen(context: AppLoadContext, admin: Staff, url: URL) {
  const service = context.services.bookings;
  const asked = url.searchParams.get("range") as BookingRange | null;
  const range: BookingRange = asked && BOOKING_RANGES.includes(asked) ? asked : "today";
  const staffParam = url.searchParams.get("staff") ?? "";
  const query = bookingListQuerySchema.safeParse({
    ...rangeDays(range, londonDay(Date.now())),
    ...(staffParam ? { staffId: staffParam } : {}),
  });
  const filter = query.success ? query.data : rangeDays(range, londonDay(Date.now()));
  const moveId = url.searchParams.get("move") ?? "";
  const [bookings, reviewers, blocks, settings, feed] = await Promise.all([
    service.list(filter, admin),
    service.reviewers(admin),
    service.blocks(admin),
    service.settings(),
    service.feedState(admin),
  ]);
  const moving = moveId ? await service.get(moveId, admin).catch(() => undefined) : undefined;
  const days = moving ? await service.availableDays(undefined, true) : [];
  const moveDay = url.searchParams.get("day") ?? "";
  return {
    range,
    staff: query.success ? (query.data.staffId ?? "") : "",
    bookings,
    reviewers,
    blocks,
    settings,
    canChangeSettings: can(admin.role, "booking-settings"),
    feed,
    move: moving ? { booking: moving, days, day: days.find((d) => d.day === moveDay) } : undefined,
    now: Date.now(),
  };
}

/** "2027-01-07T12:00" (a datetime-local field, London's wall clock) as an ISO instant; "" if not one. */
export function londonLocal(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return "";
  const at = londonInstant(match[1], Number(match[2]) * 60 + Number(match[3]));
  return at === undefined ? "" : new Date(at).toISOString();
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The screen's actions by `intent`: reassign, reschedule (a free time), cancel (a reason), held,
 * no-show, block and unblock a time, who takes reviews and the settings (Owner). Answered in the screen kit's shapes.
 */
export async function bookingsAction(context: AppLoadContext, form: FormData, admin: Staff) {
  const service = context.services.bookings;
  const id = text(form, "id");
  try {
    switch (text(form, "intent")) {
      case "reassign": {
        const staffId = text(form, "staffId");
        const booking = await service.reassign(id, staffId === "" ? null : staffId, admin);
        return done({ message: `${booking.reference}: given to ${booking.staffEmail ?? "the office"}` });
      }
      case "reschedule": {
        const booking = await service.reschedule(id, text(form, "start"), admin);
        return done({ message: `${booking.reference}: moved` });
      }
      case "cancel": {
        const booking = await service.cancel(id, { reason: text(form, "reason") }, admin);
        return done({ message: `${booking.reference}: cancelled` });
      }
      case "held":
      case "no-show": {
        const status = text(form, "intent") as "held" | "no-show";
        const booking = await service.markOutcome(id, status, admin);
        return done({ message: `${booking.reference}: marked ${status}` });
      }
      case "block": {
        const block = await service.addBlock(
          {
            startsAt: londonLocal(text(form, "startsAt")),
            endsAt: londonLocal(text(form, "endsAt")),
            reason: text(form, "reason"),
          },
          admin,
        );
        return done({ message: `Blocked: ${block.reason}` });
      }
      case "unblock":
        await service.removeBlock(id, admin);
        return done({ message: "Blocked time removed" });
      case "feed": {
        // Shown once: only the secret's hash is kept; the old address is refused from now on.
        const { url } = await service.renewFeed(admin);
        return done({
          message: "Your new calendar feed address (the old one no longer works):",
          feedUrl: url,
        });
      }
      case "reviewers": {
        const staffIds = form.getAll("staffId").filter((v): v is string => typeof v === "string");
        const reviewers = await service.setReviewers({ staffIds }, admin);
        const count = reviewers.filter((r) => r.takesReviews).length;
        return done({
          message: count
            ? `${count} ${count === 1 ? "colleague takes" : "colleagues take"} reviews`
            : "Reviews are on the office's one calendar",
        });
      }
      case "settings": {
        await service.saveSettings(
          {
            lengthMinutes: text(form, "lengthMinutes"),
            bufferMinutes: text(form, "bufferMinutes"),
            noticeDays: text(form, "noticeDays"),
            horizonWeeks: text(form, "horizonWeeks"),
          },
          admin,
        );
        return done({ message: "Booking settings saved" });
      }
      default:
        return refused(new Invalid(BOOKING_MESSAGES.invalidBody));
    }
  } catch (error) {
    return refused(error);
  }
}
