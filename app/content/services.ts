import { HOSE_SIZES_INCH, TANKER_CAPACITY_LITRES } from "@common/constants";

export type ServiceIcon = "truck" | "factory" | "droplets" | "messages";

/** SPEC section 2, /services: the four service cards and where each leads. */
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
    summary: `Vacuum tankers up to ${TANKER_CAPACITY_LITRES.toLocaleString("en-GB")} litres with ${HOSE_SIZES_INCH.join(", ").replace(/, (\d+)$/, " and $1")} inch hoses for washdown water, leachate, interceptor contents and flood water, day or night.`,
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

/** /services/2: liquid waste the tankers are permitted to carry (European Waste Catalogue). */
export const EWC_CODES = [
  { code: "19 13 08", description: "Aqueous liquid wastes and concentrates from groundwater remediation" },
  { code: "02 01 01", description: "Sludges from washing and cleaning in agriculture" },
  { code: "02 02 01", description: "Sludges from washing and cleaning in meat and fish preparation" },
  { code: "19 08 05", description: "Sludges from treatment of urban waste water" },
  {
    code: "02 03 01",
    description: "Sludges from washing, cleaning, peeling and centrifuging in fruit and vegetable processing",
  },
] as const;

export const TANKERING_EXPERTISE = [
  {
    id: "hoses",
    title: "3, 4 and 6 inch hoses",
    text: "Long hose runs in every common diameter reach pits, lagoons and interceptors that a tanker cannot park beside.",
  },
  {
    id: "capacity",
    title: "Tankers up to 30,000 litres",
    text: "From compact 4,500 litre vacuum units for tight yards to 30,000 litre articulated tankers for bulk removals.",
  },
  {
    id: "flood",
    title: "Flood water extraction",
    text: "Rapid pumping of flooded basements, plant rooms, pits and car parks, with the water taken to licensed treatment.",
  },
  {
    id: "emergency",
    title: "24/7 emergency service",
    text: "Spills, blocked drains and overflowing tanks do not wait for office hours; neither does our on-call crew.",
  },
  {
    id: "coverage",
    title: "Coverage of England",
    text: "Depots in the East of England and partner hauliers across the country put a tanker at most English sites the same day.",
  },
] as const;

/** /sustainability: SPEC section 2 statistics. */
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
