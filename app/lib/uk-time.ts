/**
 * Times as office staff read them: UK time, en-GB, "9 Mar 2025, 14:05". Assembled from parts so
 * the server's and the browser's ICU versions cannot render it differently (no hydration mismatch).
 */
const PARTS = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/London",
});

export function ukTime(iso: string): string {
  const part = Object.fromEntries(PARTS.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}`;
}
