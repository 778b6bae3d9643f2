import { BLOCK_PAGE_MESSAGES, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { Link, useNavigation } from "react-router";
import { BlockPageEditor } from "~/components/admin/content/BlockPageEditor";
import { pageHeadingClass } from "~/components/admin/styles";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { landingPageAction } from "~/lib/content/block-page-admin.server";
import { LANDING_PAGES_PATH } from "~/lib/content/landing-page-paths";
import { foundOr404 } from "~/lib/domain-errors.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/landing-page-edit";

export const meta = adminMeta(T.listHeading);
export const headers = adminHeaders;

/** The page (its draft with each field's problem) and its revisions; a 404 for an unknown one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const pages = context.services.blockPages;
  const page = await foundOr404(pages.get(params.id, admin), BLOCK_PAGE_MESSAGES.notFound);
  return { page, revisions: await pages.revisions(params.id, admin) };
}

/** Every button of the editor (block-page-admin.server.ts), without JavaScript as with it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  return landingPageAction(context, params.id, await request.formData(), admin);
}

export default function LandingPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = useSettledAnswer(actionData) as
    | { ok: true; message?: string }
    | { ok: false; error: string; fieldErrors?: Record<string, string> }
    | undefined;
  const { page, revisions } = loaderData;
  return (
    <article className="flex max-w-4xl flex-col gap-6" aria-busy={busy}>
      <p>
        <Link to={LANDING_PAGES_PATH} className="link">
          {T.listHeading}
        </Link>
      </p>
      <h1 className={pageHeadingClass}>{T.editorHeading(page.address)}</h1>
      <p className="text-muted">
        {T.stateLabels[page.state]}
        {page.published ? (
          <>
            {" · "}
            <a href={page.address} className="link">
              {T.live(page.address)}
            </a>
          </>
        ) : null}
      </p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : (
          answer?.message
        )}
      </p>
      <BlockPageEditor
        key={page.id}
        page={page}
        revisions={revisions}
        fieldErrors={answer && !answer.ok ? answer.fieldErrors : undefined}
      />
    </article>
  );
}
