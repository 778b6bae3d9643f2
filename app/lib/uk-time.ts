import { londonTime, SHORT_MONTHS, twoDigits } from "@common/en-gb";

/** Times as office staff read them: UK time, en-GB, "9 Mar 2025, 14:05". */
export function ukTime(iso: string): string {
  const t = londonTime(Date.parse(iso));
  return `${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}, ${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}
