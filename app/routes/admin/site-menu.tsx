import {
  MENU_LIMITS,
  MENU_PLACES,
  type MenuLink,
  type MenuPlace,
  MENU_TEXTS as T,
} from "@common/content/site-content/menu";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/admin/Field";
import { pageHeadingClass } from "~/components/admin/styles";
import { FOOTER_LINKS, NAV_LINKS } from "~/content/navigation";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { menuAction, menuScreen } from "~/lib/content/menu.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/site-menu";

export const meta = adminMeta(T.heading);
export const headers = adminHeaders;

/** 'Menu' (Owner and Editor, "site"): the office's links in the main menu and the footer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  return menuScreen(context, admin);
}

/** 'Add link', 'Move up', 'Move down' and 'Remove': plain forms, without JavaScript as with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  return menuAction(context, await request.formData(), admin);
}

const FIXED: Record<MenuPlace, readonly string[]> = {
  main: [...NAV_LINKS.map((link) => link.label), "Get a Quote"],
  footer: FOOTER_LINKS.map((link) => link.label),
};

function RowButton({
  place,
  link,
  intent,
  label,
  children,
}: {
  place: MenuPlace;
  link: MenuLink;
  intent: "up" | "down" | "remove";
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="place" value={place} />
      <input type="hidden" name="address" value={link.address} />
      <button
        type="submit"
        aria-label={label}
        className={`btn btn-outline ${intent === "remove" ? "text-[var(--color-danger)]" : ""}`}
      >
        {children}
      </button>
    </Form>
  );
}

function PlaceList({ place, links }: { place: MenuPlace; links: MenuLink[] }) {
  return (
    <section className="card flex flex-col gap-3" aria-labelledby={`menu-${place}-heading`}>
      <h2 id={`menu-${place}-heading`} className="h-card">
        {T.places[place]}
      </h2>
      <p className="text-sm text-muted">
        {T.fixed} {FIXED[place].join(", ")}
      </p>
      {links.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {links.map((link, i) => (
            <li key={link.address} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-semibold">{link.label}</span>{" "}
                <span className="text-sm text-muted break-all">{link.address}</span>
              </span>
              <span className="flex gap-2">
                {i > 0 ? (
                  <RowButton place={place} link={link} intent="up" label={T.upLabel(link.label)}>
                    <ArrowUp aria-hidden="true" className="size-4" />
                    {T.up}
                  </RowButton>
                ) : null}
                {i < links.length - 1 ? (
                  <RowButton place={place} link={link} intent="down" label={T.downLabel(link.label)}>
                    <ArrowDown aria-hidden="true" className="size-4" />
                    {T.down}
                  </RowButton>
                ) : null}
                <RowButton place={place} link={link} intent="remove" label={T.removeLabel(link.label)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {T.remove}
                </RowButton>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function SiteMenu({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = useSettledAnswer(actionData) as
    | { ok: true; message?: string }
    | { ok: false; error: string; fieldErrors?: Record<string, string> }
    | undefined;
  const { menu, pages } = loaderData;
  return (
    <article className="flex max-w-3xl flex-col gap-6">
      <h1 className={pageHeadingClass}>{T.heading}</h1>
      <p className="max-w-prose text-muted">{T.intro}</p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : (
          answer?.message
        )}
      </p>
      {pages.length === 0 ? (
        <p className="card">{T.noPages}</p>
      ) : (
        <Form method="post" className="card flex flex-col gap-4" aria-label={T.add}>
          <input type="hidden" name="intent" value="add" />
          <SelectField id="menu-address" label={T.page} name="address" className="w-full max-w-xl">
            {pages.map((page) => (
              <option key={page.address} value={page.address}>
                {page.title} ({page.address})
              </option>
            ))}
          </SelectField>
          <SelectField id="menu-place" label={T.place} name="place" className="w-full max-w-xs">
            {MENU_PLACES.map((place) => (
              <option key={place} value={place}>
                {T.places[place]}
              </option>
            ))}
          </SelectField>
          <TextField
            id="menu-label"
            label={T.label}
            hint={T.labelHint}
            name="label"
            type="text"
            maxLength={MENU_LIMITS.label}
            className="w-full max-w-xl"
          />
          <div>
            <button type="submit" className="btn btn-primary" aria-disabled={busy}>
              <Plus aria-hidden="true" className="size-5" />
              {T.add}
            </button>
          </div>
        </Form>
      )}
      {MENU_PLACES.map((place) => (
        <PlaceList key={place} place={place} links={menu[place]} />
      ))}
    </article>
  );
}
