/**
 * A session's device in words, from the User-Agent it signed in with: "Firefox on Windows",
 * "Safari on iPhone", "curl". Only the browser's family and the system are named (no versions):
 * enough to recognise one's own devices on 'Account' and in the new-browser mail.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/(?:\b|Headless)Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export const UNKNOWN_DEVICE = "Unknown device";

export function describeDevice(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (!agent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  // An API client: its own name ("curl/8.5.0" → "curl").
  const tool = /^([A-Za-z][\w.-]{0,40})\//.exec(agent)?.[1];
  return tool ?? UNKNOWN_DEVICE;
}

/** What is kept of a User-Agent: at most 300 characters. */
export const storedUserAgent = (userAgent: string | null | undefined) =>
  userAgent ? userAgent.slice(0, 300) : null;
