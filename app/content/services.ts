export type ServiceIcon = "truck" | "factory" | "droplets" | "messages";

/**
 * The four services' cards as laid out in code: each one's anchor, icon and where it leads, in
 * the order of the Services page's document (common/content/site-content/pages/services.ts: their words).
 */
export const SERVICE_CARDS = [
  { id: "haulage", icon: "truck", to: "/quote" },
  { id: "ad-plant-partnership", icon: "factory", to: "/contact/2" },
  { id: "waste-water-tankering", icon: "droplets", to: "/services/2" },
  { id: "consultation", icon: "messages", to: "/contact" },
] as const satisfies readonly { id: string; icon: ServiceIcon; to: string }[];

/** Each service's words with its place in the layout (the document keeps exactly four). */
export const serviceCards = <S extends { title: string }>(services: readonly S[]) =>
  SERVICE_CARDS.map((card, i) => ({ ...card, ...(services[i] as S) }));

/** The figures' anchors on the Sustainability page, by position (later figures are numbered). */
export const FIGURE_IDS = ["satisfaction", "diverted", "carbon"] as const;
export const figureId = (index: number) => FIGURE_IDS[index] ?? String(index + 1);

/** Fictional partner organisations drawn as wordmarks on the home page. */
export const PARTNERS = [
  "Nene Valley Biogas",
  "Fenfield Farms",
  "Ouse Renewables",
  "Crowland Foods",
  "Welland Water",
] as const;
