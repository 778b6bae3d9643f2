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
