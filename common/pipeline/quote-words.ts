import { formatPence } from "./money";

const ACTIONS: Record<string, string> = {
  drafted: "drafted",
  revised: "revised",
  sent: "sent to the customer",
  accepted: "accepted by the customer",
  declined: "declined by the customer",
};

/** What a quote's timeline entry says: 'Quote Q-2026-0001 (version 2) sent to the customer: £1,234.56'. */
export function quoteEvent(data: Record<string, string | null>): string {
  const total = data.total && /^\d+$/.test(data.total) ? `: ${formatPence(Number(data.total))}` : "";
  const action = ACTIONS[data.action ?? ""] ?? data.action ?? "";
  return `Quote ${data.number ?? ""} (version ${data.version ?? "1"}) ${action}${total}`;
}
