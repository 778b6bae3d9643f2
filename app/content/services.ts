import { HOSE_SIZES_INCH, TANKER_CAPACITY_LITRES } from "@common/company";
import { groupThousands } from "@common/en-gb";

export type ServiceIcon = "truck" | "factory" | "droplets" | "messages";

/** /services: the four service cards and where each leads. */
export const SERVICES = [
  {
    id: "haulage",
    title: "Haulage",
    icon: "truck",
    to: "/quote",
    action: "Get a quote",
    summary:
      "Scheduled and one-off collection of food waste, packaging-free organics, spent grains, animal by-products and green waste in sealed, washable bulk units and walking-floor trailers.",
  },
  {
    id: "ad-plant-partnership",
    title: "AD Plant Partnership",
    icon: "factory",
    to: "/contact/2",
    action: "Talk to our feedstock team",
    summary:
      "We supply anaerobic digestion plants with consistent, de-packaged feedstock and take digestate back to the land, so operators keep their digesters fed and their gas yield steady.",
  },
  {
    id: "waste-water-tankering",
    title: "Waste Water Tankering",
    icon: "droplets",
    to: "/services/2",
    action: "See tankering",
    summary: `Vacuum tankers up to ${groupThousands(TANKER_CAPACITY_LITRES)} litres with ${HOSE_SIZES_INCH.join(", ").replace(/, (\d+)$/, " and $1")} inch hoses for washdown water, leachate, interceptor contents and flood water, day or night.`,
  },
  {
    id: "consultation",
    title: "Consultation",
    icon: "messages",
    to: "/contact",
    action: "Book a consultation",
    summary:
      "Site audits, waste-stream sampling, duty-of-care paperwork and EWC classification, so your organic waste is handled lawfully and recovered at the highest point of the waste hierarchy.",
  },
] as const satisfies readonly {
  id: string;
  title: string;
  icon: ServiceIcon;
  to: string;
  action: string;
  summary: string;
}[];

/** /sustainability: the statistics. */
export const STATS = [
  { id: "satisfaction", value: "98%", label: "client satisfaction" },
  { id: "diverted", value: "67k+", label: "tonnes of organic waste diverted" },
  { id: "carbon", value: "21k+", label: "CO2e saved" },
] as const;

/** Fictional partner organisations drawn as wordmarks on the home page. */
export const PARTNERS = [
  "Nene Valley Biogas",
  "Fenfield Farms",
  "Ouse Renewables",
  "Crowland Foods",
  "Welland Water",
] as const;
