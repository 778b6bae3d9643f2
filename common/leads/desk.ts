import type { EnquiryKind } from "./enquiry-terms";

/** The dashboard's figures: the week at a glance. */
export const DESK_WEEKS = 12;
export const DESK_MEDIAN_DAYS = 30;

export type WeekCounts = { week: string } & Record<EnquiryKind, number>;

export interface DeskFigures {
  /** Enquiries with the status 'New'. */
  waiting: number;
  /** The last DESK_WEEKS UK weeks (Monday first), oldest first, spam left out. */
  weeks: WeekCounts[];
  /** Median hours from arrival to 'Contacted', over enquiries contacted in the last DESK_MEDIAN_DAYS days. */
  medianHoursToContacted: number | null;
  /** How many enquiries that median is of. */
  contactedCount: number;
}

export const DESK_MESSAGES = {
  heading: "At a glance",
  waiting: "New enquiries waiting",
  openInbox: "Open the inbox",
  median: `Median time to 'Contacted' (${DESK_MEDIAN_DAYS} days)`,
  noMedian: "None contacted yet",
  hours: (h: number) => (h < 48 ? `${h.toFixed(1)} h` : `${(h / 24).toFixed(1)} days`),
  of: (n: number) => `over ${n} enquir${n === 1 ? "y" : "ies"}`,
  chartTitle: `Enquiries per week, last ${DESK_WEEKS} weeks`,
  chartSummary: (total: number) => `${total} enquiries in ${DESK_WEEKS} weeks, by kind.`,
  asTable: "Show as a table",
  tableName: "Enquiries per week, as a table",
  week: "Week of",
  total: "Total",
  activePopup: "Active popup",
  noPopup: "No popup is active",
  latestPosts: "Latest posts",
  noPosts: "No posts yet",
} as const;
