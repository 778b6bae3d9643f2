import { z } from "../../zod";
import { addressSchema } from "../block-pages";

/**
 * The office's links (issue 47): published pages from blocks added to the main menu (the header
 * and the phone slider) or to the footer's links, in the office's order, after SPEC's fixed links
 * (the five, 'Get a Quote' and the footer's six stay as they are). Kept as the site-content
 * document "menu" (registry.ts): published like the rest, and every page reads it, so a change
 * drops every page from the page cache on every instance.
 */
export const MENU_PLACES = ["main", "footer"] as const;
export type MenuPlace = (typeof MENU_PLACES)[number];

/** The most links the office adds to each place (the header has room for few). */
export const MENU_LIMITS = { main: 3, footer: 8, label: 40 } as const;

export const MENU_MESSAGES = {
  placeInvalid: "Choose the main menu or the footer",
  labelRequired: "Enter the link's words",
  labelTooLong: `The link's words must be ${MENU_LIMITS.label} characters or fewer`,
  tooMany: (place: MenuPlace) =>
    place === "main"
      ? `The main menu takes ${MENU_LIMITS.main} added links at most: remove one first`
      : `The footer takes ${MENU_LIMITS.footer} added links at most: remove one first`,
  notPublished: "Choose a published page: this one is not published",
  already: (place: MenuPlace) =>
    place === "main" ? "This page is in the main menu already" : "This page is in the footer already",
  linkMissing: "This link is not in the menu any more: reload to see the menu as it is",
  added: (label: string) => `'${label}' added`,
  moved: (label: string) => `'${label}' moved`,
  removed: (label: string) => `'${label}' removed`,
} as const;

/** The screen's words. */
export const MENU_TEXTS = {
  heading: "Menu",
  intro:
    "Add published pages to the main menu (and the phone menu) or to the footer's links. The fixed links and 'Get a Quote' always stay.",
  places: { main: "Main menu", footer: "Footer links" } satisfies Record<MenuPlace, string>,
  none: "No links added",
  fixed: "Fixed links first:",
  page: "Page",
  place: "Where",
  label: "Link words",
  labelHint: "Left empty, the page's title",
  add: "Add link",
  noPages: "Publish a page from blocks to add it here",
  up: "Move up",
  down: "Move down",
  remove: "Remove",
  upLabel: (label: string) => `Move '${label}' up`,
  downLabel: (label: string) => `Move '${label}' down`,
  removeLabel: (label: string) => `Remove '${label}'`,
} as const;

const M = MENU_MESSAGES;

export const menuPlaceSchema = z.enum(MENU_PLACES, { error: M.placeInvalid });

export const menuLabelSchema = z
  .string({ error: M.labelRequired })
  .trim()
  .min(1, { error: M.labelRequired })
  .max(MENU_LIMITS.label, { error: M.labelTooLong });

export const menuLinkSchema = z.object({ address: addressSchema, label: menuLabelSchema });
export type MenuLink = z.output<typeof menuLinkSchema>;

const linksOf = (place: MenuPlace) =>
  z
    .array(menuLinkSchema)
    .max(MENU_LIMITS[place], { error: M.tooMany(place) })
    .refine((links) => new Set(links.map((l) => l.address)).size === links.length, {
      error: M.already(place),
    });

export const siteMenuSchema = z.object({ main: linksOf("main"), footer: linksOf("footer") });
export type SiteMenu = z.output<typeof siteMenuSchema>;

/** An empty database adds nothing: the site shows SPEC's links only. */
export const SITE_MENU_DEFAULTS: SiteMenu = { main: [], footer: [] };
