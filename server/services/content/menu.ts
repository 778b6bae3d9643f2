import { addressSchema } from "../../../common/content/block-pages";
import {
  MENU_MESSAGES as M,
  MENU_LIMITS,
  type MenuLink,
  type MenuPlace,
  menuLabelSchema,
  menuPlaceSchema,
  type SiteMenu,
} from "../../../common/content/site-content/menu";
import { Conflict, InvalidFields, NotFound } from "../../../common/errors";
import { authorize } from "../access";
import type { BlockPageService } from "./block-pages";
import type { SiteContentService, SiteEditor } from "./site-content";

/**
 * The office's links in the main menu and the footer (issue 47), kept as the site-content document
 * "menu": each change is a publication of it (audit entry, revision, the content version's
 * `site:menu` topic), so every page, which reads the menu through the public layout, leaves the
 * page cache at once on every instance.
 *
 *   shown()                         the links the site shows: those whose page is still published
 *                                   (each read records its page's topic: unpublishing it drops the pages)
 *   state(admin)                    the menu as stored, and the published pages that may be added
 *   add(admin, {place, address, label?})
 *                                   a published page at the end of a place (its title when no label)
 *   move(admin, place, address, "up" | "down"), remove(admin, place, address)
 */
export function createMenuService({
  siteContent,
  blockPages,
}: {
  siteContent: Pick<SiteContentService, "published" | "publish" | "state">;
  blockPages: Pick<BlockPageService, "published" | "list">;
}) {
  async function publishedTitle(address: string): Promise<string | undefined> {
    const answer = await blockPages.published(address);
    return answer?.kind === "page" ? answer.page.title : undefined;
  }

  async function shown(): Promise<SiteMenu> {
    const menu = await siteContent.published("menu");
    const live = async (links: MenuLink[]) => {
      const titles = await Promise.all(links.map((link) => publishedTitle(link.address)));
      return links.filter((_, i) => titles[i] !== undefined);
    };
    const [main, footer] = await Promise.all([live(menu.main), live(menu.footer)]);
    return { main, footer };
  }

  async function state(admin: SiteEditor) {
    authorize(admin, "site");
    const [document, pages] = await Promise.all([siteContent.state("menu", admin), blockPages.list(admin)]);
    // The pages visitors are answered now (a scheduled change keeps the published version live).
    const titles = await Promise.all(pages.map((page) => publishedTitle(page.address)));
    return {
      menu: document.published,
      version: document.version,
      pages: pages.flatMap((page, i) => {
        const title = titles[i];
        return title === undefined ? [] : [{ address: page.address, title }];
      }),
    };
  }

  const place = (value: unknown): MenuPlace => {
    const parsed = menuPlaceSchema.safeParse(value);
    if (!parsed.success) throw new InvalidFields({ place: M.placeInvalid });
    return parsed.data;
  };

  async function change(admin: SiteEditor, edit: (menu: SiteMenu) => SiteMenu) {
    authorize(admin, "site");
    const { published, version } = await siteContent.state("menu", admin);
    const next = edit({ main: [...published.main], footer: [...published.footer] });
    await siteContent.publish("menu", admin, { data: next, baseVersion: version });
    return next;
  }

  async function add(
    admin: SiteEditor,
    input: { place: unknown; address: unknown; label?: unknown },
  ): Promise<MenuLink> {
    authorize(admin, "site");
    const where = place(input.place);
    const address = addressSchema.safeParse(input.address);
    if (!address.success) throw new InvalidFields({ address: M.notPublished });
    const title = await publishedTitle(address.data);
    if (title === undefined) throw new InvalidFields({ address: M.notPublished });
    const typed = typeof input.label === "string" ? input.label.trim() : "";
    const label = menuLabelSchema.safeParse(typed || title.slice(0, MENU_LIMITS.label));
    if (!label.success) throw new InvalidFields({ label: label.error.issues[0]?.message ?? M.labelRequired });
    const link = { address: address.data, label: label.data };
    await change(admin, (menu) => {
      if (menu[where].some((l) => l.address === link.address)) throw new Conflict(M.already(where));
      if (menu[where].length >= MENU_LIMITS[where]) throw new Conflict(M.tooMany(where));
      return { ...menu, [where]: [...menu[where], link] };
    });
    return link;
  }

  const indexOf = (menu: SiteMenu, where: MenuPlace, address: unknown) => {
    const i = menu[where].findIndex((l) => l.address === address);
    if (i < 0) throw new NotFound(M.linkMissing);
    return i;
  };

  async function move(admin: SiteEditor, input: { place: unknown; address: unknown; direction: unknown }) {
    const where = place(input.place);
    let moved: MenuLink | undefined;
    await change(admin, (menu) => {
      const links = menu[where];
      const i = indexOf(menu, where, input.address);
      const j = input.direction === "up" ? i - 1 : i + 1;
      moved = links[i];
      if (j >= 0 && j < links.length) [links[i], links[j]] = [links[j] as MenuLink, links[i] as MenuLink];
      return menu;
    });
    return moved as MenuLink;
  }

  async function remove(admin: SiteEditor, input: { place: unknown; address: unknown }) {
    const where = place(input.place);
    let removed: MenuLink | undefined;
    await change(admin, (menu) => {
      const i = indexOf(menu, where, input.address);
      removed = menu[where][i];
      return { ...menu, [where]: menu[where].filter((_, k) => k !== i) };
    });
    return removed as MenuLink;
  }

  return { shown, state, add, move, remove };
}

export type MenuService = ReturnType<typeof createMenuService>;
