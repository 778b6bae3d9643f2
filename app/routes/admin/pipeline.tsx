import { inboxRow } from "@common/leads/enquiry-inbox";
import { STAGE_LABELS, STAGES } from "@common/pipeline/stages";
import { Link } from "react-router";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { BOARD_COLUMN_MAX, BOARD_TEXTS } from "~/lib/pipeline/pipeline-texts";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/pipeline";

export const meta = adminMeta(BOARD_TEXTS.title);
export const headers = adminHeaders;

/** Each stage's newest enquiries (not spam): one keyset page of the inbox per column. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const columns = await Promise.all(
    STAGES.map(async (stage) => {
      const page = await context.services.enquiries.list({ stage, limit: BOARD_COLUMN_MAX }, admin.id);
      return { stage, rows: page.data.map(inboxRow), more: page.next !== null };
    }),
  );
  return { columns };
}

/**
 * /admin/dashboard/pipeline: the board, a column for each stage, each enquiry a link to its page
 * (where 'Move stage' moves it). Headings and lists, so it reads as a list without JavaScript or
 * styles, and a keyboard walks it column by column.
 */
export default function PipelineBoard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{BOARD_TEXTS.title}</h1>
      <p className="text-muted">{BOARD_TEXTS.intro}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-5">
        {loaderData.columns.map(({ stage, rows, more }) => (
          <section key={stage} className="card" aria-labelledby={`stage-${stage}`}>
            <h2 id={`stage-${stage}`} className="h-card">
              {BOARD_TEXTS.column(STAGE_LABELS[stage], rows.length, more)}
            </h2>
            {rows.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{BOARD_TEXTS.empty}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-2">
                {rows.map((row) => (
                  <li key={row._id}>
                    <Link to={`/admin/dashboard/enquiries/${row._id}`} className="font-semibold underline">
                      {row.name || BOARD_TEXTS.noName}
                    </Link>
                    <span className="block text-sm text-muted">
                      {row.organisation ? `${row.organisation} · ` : ""}
                      {ukTime(row.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {more && (
              <Link to={`/admin/dashboard/enquiries?stage=${stage}`} className="mt-3 inline-block underline">
                {BOARD_TEXTS.all(STAGE_LABELS[stage])}
              </Link>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
