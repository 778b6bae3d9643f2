/**
 * A booking's calendar invitation (an .ics, RFC 5545) made with ical-generator, loaded at the first
 * booking (most starts book nothing). Times are written in UTC, which every calendar shows in its
 * own zone; the UID is the booking's, so a move (a higher SEQUENCE) or a cancellation (METHOD
 * CANCEL) updates the same event in the visitor's calendar.
 */
export interface Invitation {
  id: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  organiser: { name: string; email: string };
  attendee: { name: string; email: string };
  location: string;
  description: string;
  reference: string;
}

export async function bookingInvitation(invitation: Invitation): Promise<string> {
  const {
    default: ical,
    ICalCalendarMethod,
    ICalEventStatus,
    ICalAttendeeRole,
    ICalAttendeeStatus,
  } = await import("ical-generator");
  const calendar = ical({
    name: invitation.organiser.name,
    prodId: { company: invitation.organiser.name, product: "bookings", language: "EN" },
    method: invitation.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${invitation.id}@bookings`,
    sequence: invitation.sequence,
    start: invitation.startsAt,
    end: invitation.endsAt,
    summary: `Free waste review with ${invitation.organiser.name} (${invitation.reference})`,
    description: invitation.description,
    location: invitation.location,
    status: invitation.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: invitation.organiser.name, email: invitation.organiser.email },
    attendees: [
      {
        name: invitation.attendee.name,
        email: invitation.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}

/** One review in a colleague's feed. */
export interface FeedEvent {
  id: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  summary: string;
  description: string;
  location: string;
}

/**
 * A colleague's ICS feed (a calendar they subscribe to): their reviews to come and of the last
 * weeks, made with ical-generator; the UIDs are the invitations', so an event moves in place.
 */
export async function bookingFeed(feed: { name: string; company: string; events: FeedEvent[] }) {
  const { default: ical, ICalEventStatus } = await import("ical-generator");
  const calendar = ical({
    name: feed.name,
    prodId: { company: feed.company, product: "bookings-feed", language: "EN" },
    ttl: 15 * 60,
  });
  for (const event of feed.events)
    calendar.createEvent({
      id: `${event.id}@bookings`,
      sequence: event.sequence,
      start: event.startsAt,
      end: event.endsAt,
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: ICalEventStatus.CONFIRMED,
    });
  return calendar.toString();
}
