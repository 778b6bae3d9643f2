// npm run bench:availability: how long computing a month's bookable times takes (issue 48; target:
// a median of 20 ms or less). The published defaults' hours, a bank holiday and a closed week as
// special days, 300 booked reviews and 20 blocked stretches over the month, as the public
// availability read and each booking's check compute it (common/bookings/availability.ts).
import { availability, DEFAULT_BOOKING_SETTINGS } from "../common/bookings/availability.ts";
import { SITE_DETAILS_DEFAULTS } from "../common/content/site-content/site-details-defaults.ts";
import { machine } from "./bench-lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 20;
const now = Date.parse("2027-02-26T09:00:00Z");
const from = "2027-03-01";
const to = "2027-03-31";
const details = {
  hours: SITE_DETAILS_DEFAULTS.hours,
  specialDays: [
    { from: "2027-03-26", to: "", hours: { closed: true }, note: "Good Friday" },
    {
      from: "2027-03-15",
      to: "2027-03-19",
      hours: { closed: false, opens: "09:00", closes: "13:00" },
      note: "",
    },
  ],
};
const step = 45 * 60_000;
const monthStart = Date.parse("2027-03-01T06:00:00Z");
// Reviews every few grid steps through the month (some off the grid), blocked afternoons.
const booked = Array.from({ length: 300 }, (_, i) => {
  const start = monthStart + Math.floor(i * 2.3) * step + (i % 7 === 0 ? 10 * 60_000 : 0);
  return { start, end: start + 30 * 60_000 };
});
const blocked = Array.from({ length: 20 }, (_, i) => {
  const start = monthStart + i * 36 * 3_600_000 + 6 * 3_600_000;
  return { start, end: start + 3 * 3_600_000 };
});
const settings = { ...DEFAULT_BOOKING_SETTINGS, horizonWeeks: 8 };

const once = () => availability({ details, settings, booked, blocked, now, from, to });
for (let i = 0; i < 20; i++) once(); // warm up
const times = [];
let slots = 0;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const days = once();
  times.push(performance.now() - started);
  slots = days.reduce((n, d) => n + d.slots.length, 0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.floor(times.length * 0.95)];
console.log(machine());
console.log(
  `availability of a month (${slots} free times, ${booked.length} reviews, ${blocked.length} blocks): median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms over ${RUNS} runs (target ≤ ${TARGET_MS} ms)`,
);
if (median > TARGET_MS) {
  console.error(`over the target: ${median.toFixed(3)} ms > ${TARGET_MS} ms`);
  process.exitCode = 1;
}
