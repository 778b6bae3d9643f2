import { isBritishSummerTime, londonTime, MONTHS, twoDigits, WEEKDAYS } from "../en-gb";

/**
 * The security mail (issue 45): every change to how an account signs in mails the account at
 * once, as GitHub and Google do, saying what changed, when, from which browser and address, and
 * what to do if it was not them. One catalogue for every such change; the server queues the mail
 * in the change's own transaction (server/services/staff/security-mail.ts). Never a token, a
 * password, a code or a secret: the mail says that something changed, not what it changed to.
 */
export const SECURITY_CHANGES = [
  "two-factor-on",
  "two-factor-off",
  "two-factor-reset",
  "passkey-added",
  "passkey-removed",
  "recovery-codes",
  "password-changed",
  "password-reset",
  "requirement-on",
  "requirement-off",
] as const;
export type SecurityChange = (typeof SECURITY_CHANGES)[number];

/**
 * What the reader is told to do if they did not make the change: secure the account they are
 * still signed in to, ask for it back (the change signed their other sessions out), or, for an
 * operator's change, tell an Owner.
 */
type Advice = "secure" | "locked-out" | "operator";

const CHANGES: Record<SecurityChange, { subject: string; what: string; advice: Advice; ifYou?: string }> = {
  "two-factor-on": {
    subject: "Two-factor sign-in turned on",
    what: "Two-factor sign-in was turned on for your account, and its other sessions were signed out.",
    advice: "locked-out",
  },
  "two-factor-off": {
    subject: "Two-factor sign-in turned off",
    what: "Two-factor sign-in was turned off for your account: its password alone now signs in to it.",
    advice: "secure",
  },
  "two-factor-reset": {
    subject: "Two-factor sign-in removed by an operator",
    what: "An operator removed your account's two-factor sign-in, recovery codes and passkeys, and signed out every session of it.",
    advice: "operator",
    ifYou:
      "If you asked for this, sign in with your password and set up two-factor sign-in or a passkey again:",
  },
  "passkey-added": {
    subject: "Passkey added",
    what: "A passkey was added to your account: it signs in without the password.",
    advice: "secure",
  },
  "passkey-removed": {
    subject: "Passkey removed",
    what: "A passkey was removed from your account.",
    advice: "secure",
  },
  "recovery-codes": {
    subject: "New recovery codes made",
    what: "New recovery codes were made for your account; the old ones no longer work.",
    advice: "secure",
  },
  "password-changed": {
    subject: "Password changed",
    what: "Your account's password was changed, and its other sessions were signed out.",
    advice: "locked-out",
  },
  "password-reset": {
    subject: "Password reset by an operator",
    what: "An operator reset your account's password and signed out every session of it.",
    advice: "operator",
    ifYou: "If you asked for this, sign in with the new password the operator gave you:",
  },
  "requirement-on": {
    subject: "Two-factor sign-in now required",
    what: "The security setting 'Require two-factor sign-in for every account' was turned on from your account.",
    advice: "secure",
  },
  "requirement-off": {
    subject: "Two-factor sign-in no longer required",
    what: "The security setting 'Require two-factor sign-in for every account' was turned off from your account: accounts may sign in with a password alone again.",
    advice: "secure",
  },
};

export const SECURITY_MAIL_WORDS = {
  account: "Account",
  when: "When",
  browser: "Browser",
  address: "Address",
  by: "By",
  passkey: "Passkey",
  operator: "an operator, with the server's command line (npm run admin)",
  unknownAddress: "not known",
  wasYou: "If this was you, there is nothing to do.",
} as const;

/** "Tuesday 9 March 2027 at 14:05 GMT": the time of a change as the mail says it (UK time). */
export function securityMailTime(at: Date): string {
  const t = londonTime(at.getTime());
  const zone = isBritishSummerTime(at.getTime()) ? "BST" : "GMT";
  return `${WEEKDAYS[t.weekday]} ${t.day} ${MONTHS[t.month - 1]} ${t.year} at ${twoDigits(t.hour)}:${twoDigits(t.minute)} ${zone}`;
}

function advice(kind: Advice, urls: { account: string; signIn: string }, ifYou?: string): string[] {
  switch (kind) {
    case "secure":
      return [
        SECURITY_MAIL_WORDS.wasYou,
        "If it was not you, someone else is signed in to your account. At once:",
        `- change your password and sign out every session you do not recognise on 'Account': ${urls.account}`,
        "- check your two-factor sign-in and passkeys there;",
        "- tell an Owner of the site.",
      ];
    case "locked-out":
      return [
        SECURITY_MAIL_WORDS.wasYou,
        "If it was not you, someone else has taken over your account and may have signed you out.",
        "Tell an Owner of the site at once: an operator can reset your password and two-factor sign-in (npm run admin).",
        `Then sign in again and check 'Account': ${urls.account}`,
      ];
    case "operator":
      return [
        `${ifYou ?? SECURITY_MAIL_WORDS.wasYou} ${ifYou ? urls.signIn : ""}`.trim(),
        "If you did not ask for this, tell an Owner of the site at once.",
      ];
  }
}

/** A name on one line, as a mail's line shows it. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * The mail for a change: `from` is the browser in words (common/staff/device.ts) and the client's
 * address, undefined for a change an operator made on the command line; `passkey` names the
 * passkey added or removed.
 */
export function securityMail(input: {
  change: SecurityChange;
  email: string;
  at: Date;
  site: string;
  accountUrl: string;
  signInUrl: string;
  from?: { device: string; address?: string };
  passkey?: string;
}) {
  const change = CHANGES[input.change];
  const words = SECURITY_MAIL_WORDS;
  const origin = input.from
    ? [
        `${words.browser}: ${oneLine(input.from.device)}`,
        `${words.address}: ${input.from.address ?? words.unknownAddress}`,
      ]
    : [`${words.by}: ${words.operator}`];
  return {
    subject: `${change.subject} on your ${input.site} admin account`,
    text: [
      change.what,
      `${words.account}: ${input.email}`,
      ...(input.passkey ? [`${words.passkey}: ${oneLine(input.passkey)}`] : []),
      "",
      `${words.when}: ${securityMailTime(input.at)}`,
      ...origin,
      "",
      ...advice(change.advice, { account: input.accountUrl, signIn: input.signInUrl }, change.ifYou),
    ].join("\n"),
  };
}
