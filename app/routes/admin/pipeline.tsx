import { inboxRow } from "@common/leads/enquiry-inbox";
import { type LostReason, STAGE_LABELS, STAGE_MOVES, STAGES, type Stage } from "@common/pipeline/stages";
import { MoveRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { pageHeadingClass } from "~/components/admin/styles";
import { inputClass } from "~/components/enquiry/styles";
import { type Answer, useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, refused } from "~/lib/domain-errors.server";
import { BOARD_MOVE_TEXTS as M } from "~/lib/pipeline/board-texts";
import { pipelineAction } from "~/lib/pipeline/enquiry-pipeline.server";
import { BOARD_COLUMN_MAX, BOARD_TEXTS } from "~/lib/pipeline/pipeline-texts";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/pipeline";

export const meta = adminMeta(BOARD_TEXTS.title);
export const headers = adminHeaders;

/** Each stage's newest enquiries (not spam): one keyset page of the inbox per column; the lost reasons offered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const [columns, reasons] = await Promise.all([
    Promise.all(
      STAGES.map(async (stage) => {
        const page = await context.services.enquiries.list({ stage, limit: BOARD_COLUMN_MAX }, admin.id);
        return { stage, rows: page.data.map(inboxRow), more: page.next !== null };
      }),
    ),
    context.services.stages.reasons(),
  ]);
  return { columns, reasons };
}

/**
 * A card's 'Move' form (a plain POST, so it works without JavaScript): the enquiry moves as on its
 * own screen (the same intent, schema and service: Lost needs a reason, Won may carry a value); the
 * answer names the enquiry and its new stage, which the board announces.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const form = await request.formData();
  const id = String(form.get("enquiryId") ?? "");
  try {
    const answer = await pipelineAction("stage", form, context, admin, id);
    if (!answer || !("ok" in answer)) return answer;
    const moved = await context.services.enquiries.get(id);
    const { name } = inboxRow(moved);
    return done({ message: M.moved(name || BOARD_TEXTS.noName, STAGE_LABELS[moved.stage]), moved: id });
  } catch (error) {
    return refused(error);
  }
}

/**
 * A card's move: the stages it may move to (STAGE_MOVES), a reason when Lost is one of them and a
 * value when Won is, in a disclosure (a keyboard opens it with Enter or Space, no JavaScript needed).
 */
function MoveForm({
  id,
  name,
  stage,
  reasons,
  busy,
}: {
  id: string;
  name: string;
  stage: Stage;
  reasons: LostReason[];
  busy: boolean;
}) {
  const moves = STAGE_MOVES[stage];
  const field = "flex flex-col gap-1 text-sm font-semibold";
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm font-semibold underline" aria-label={M.moveCard(name)}>
        {M.move}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="enquiryId" value={id} />
        <label className={field}>
          {M.moveTo}
          <select name="stage" className={`${inputClass} h-10`} defaultValue={moves[0]}>
            {moves.map((to) => (
              <option key={to} value={to}>
                {STAGE_LABELS[to]}
              </option>
            ))}
          </select>
        </label>
        {moves.includes("lost") && (
          <label className={field}>
            {M.reason}
            <select name="reason" className={`${inputClass} h-10`} defaultValue="">
              <option value="">—</option>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {moves.includes("won") && (
          <label className={field}>
            {M.value}
            <input name="value" inputMode="decimal" className={`${inputClass} h-10`} />
          </label>
        )}
        <SubmitButton busy={busy} icon={MoveRight}>
          {M.move}
        </SubmitButton>
      </Form>
    </details>
  );
}

/**
 * /admin/dashboard/pipeline: the board, a column for each stage, each enquiry a link to its page
 * and a 'Move' form of its own. Headings and lists, so it reads as a list without JavaScript or
 * styles, and a keyboard walks it column by column. A move is announced (a status region: the
 * enquiry and its new stage, or why it was refused) and, with JavaScript, the keyboard's focus
 * follows the card to its new column.
 */
export default function PipelineBoard({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useSettledAnswer(actionData as Answer<{ moved?: string }> | undefined);
  const busy = useNavigation().state !== "idle";
  const status = useRef<HTMLParagraphElement>(null);
  const moved = answer?.ok ? answer.moved : undefined;
  useEffect(() => {
    if (!answer) return;
    const card = moved ? document.getElementById(`card-${moved}`) : null;
    (card ?? status.current)?.focus();
  }, [answer, moved]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{BOARD_TEXTS.title}</h1>
      <p className="text-muted">{BOARD_TEXTS.intro}</p>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className={`min-h-6 font-semibold outline-none ${answer && !answer.ok ? "text-[var(--color-danger)]" : ""}`}
      >
        {answer ? (answer.ok ? answer.message : answer.error) : ""}
      </p>
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
                    <Link
                      id={`card-${row._id}`}
                      to={`/admin/dashboard/enquiries/${row._id}`}
                      className="font-semibold underline"
                    >
                      {row.name || BOARD_TEXTS.noName}
                    </Link>
                    <span className="block text-sm text-muted">
                      {row.organisation ? `${row.organisation} · ` : ""}
                      {ukTime(row.createdAt)}
                    </span>
                    <MoveForm
                      id={row._id}
                      name={row.name || BOARD_TEXTS.noName}
                      stage={stage}
                      reasons={loaderData.reasons}
                      busy={busy}
                    />
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
