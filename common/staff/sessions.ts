import { z } from "../zod";

/** 'Account' → 'Sessions': every signed-in browser of the account, and ending them. */
export const SESSION_MESSAGES = {
  heading: "Sessions",
  intro: "Every browser signed in to your account. Sign out any you do not recognise.",
  thisOne: "This browser",
  firstSeen: "Signed in",
  lastSeen: "Last used",
  signOut: "Sign out",
  signOutOthers: "Sign out everywhere else",
  endedOne: (device: string) => `${device} was signed out`,
  endedOthers: (count: number) =>
    count === 0
      ? "No other session was signed in"
      : `${count} other session${count === 1 ? "" : "s"} signed out`,
  notFound: "That session has already ended",
  invalidId: "That is not a session",
  staffEnd: "Sign out everywhere",
  staffEnded: (email: string, count: number) =>
    `${email}: ${count} session${count === 1 ? "" : "s"} signed out`,
} as const;

/** The mail a sign-in from a browser the account has not used before sends to the account. */
export function newBrowserMail(input: { device: string; at: Date; site: string; accountUrl: string }) {
  return {
    subject: `New sign-in to the ${input.site} admin`,
    text: [
      `Your account was signed in from a browser it has not used before: ${input.device}, at ${input.at.toUTCString()}.`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not, sign out that session and change your password at once: ${input.accountUrl}`,
    ].join("\n"),
  };
}

/** One session as 'Account' and `GET /api/admin/sessions` show it. */
export const sessionListingSchema = z.object({
  id: z.uuid(),
  device: z.string().meta({ description: "Browser and system from the User-Agent at sign-in" }),
  firstSeen: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  current: z.boolean().meta({ description: "The session this request was made with" }),
});

export const sessionsEndedSchema = z.object({ ended: z.number().int() });
