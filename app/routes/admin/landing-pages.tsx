import {
  BLOCK_PAGE_LIMITS,
  type BlockPageSummary,
  LANDING_PAGE_TEXTS as T,
} from "@common/content/block-pages";
import { Plus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { TextField } from "~/components/admin/Field";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { createLandingPage } from "~/lib/content/block-page-admin.server";
import { LANDING_PAGES_PATH } from "~/lib/content/landing-page-paths";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/landing-pages";

export const meta = adminMeta(T.listHeading);
export const headers = adminHeaders;

/** Every page from blocks (Owner and Editor), and the address of one just deleted, if any. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const deleted = new URL(request.url).searchParams.get("deleted") ?? "";
  return { pages: await context.services.blockPages.list(admin), deleted: deleted.slice(0, 100) };
}

/** 'New page': made as a draft, then its editor opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  return createLandingPage(context, await request.formData(), admin);
}

const columns: Array<Column<BlockPageSummary>> = [
  { id: "address", header: T.address, rowHeader: true, className: "break-all", cell: (p) => p.address },
  { id: "title", header: T.title, cell: (p) => p.title },
  {
    id: "state",
    header: T.state,
    className: "whitespace-nowrap",
    cell: (p) => (p.publishAt ? T.scheduledFor(ukTime(p.publishAt)) : T.stateLabels[p.state]),
  },
  {
    id: "saved",
    header: T.lastSaved,
    cell: (p) => (
      <>
        <span className="whitespace-nowrap">{ukTime(p.updatedAt)}</span>
        {p.updatedBy ? <span className="block text-muted">{p.updatedBy}</span> : null}
      </>
    ),
  },
  {
    id: "edit",
    header: T.edit,
    cell: (p) => (
      <Link
        to={`${LANDING_PAGES_PATH}/${p.id}`}
        className="link font-semibold"
        aria-label={T.editLabel(p.address)}
      >
        {T.edit}
      </Link>
    ),
  },
];

/** 'Landing pages': the office's pages from blocks, and 'New page' (an address and a title). */
export default function LandingPages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = actionData as { ok: false; error: string; fieldErrors?: Record<string, string> } | undefined;
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{T.listHeading}</h1>
      <p className="max-w-prose text-muted">
        {T.listIntro}{" "}
        <Link to="/admin/dashboard/pages" className="link">
          {T.fixedPagesLink}
        </Link>
      </p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : loaderData.deleted ? (
          T.deleted(loaderData.deleted)
        ) : null}
      </p>
      <Form method="post" className="card flex flex-col gap-4" aria-labelledby="new-page-heading">
        <h2 id="new-page-heading" className="h-card">
          {T.newHeading}
        </h2>
        <TextField
          id="new-page-address"
          label={T.address}
          hint={T.addressHint}
          error={answer?.fieldErrors?.address}
          name="address"
          type="text"
          required
          maxLength={BLOCK_PAGE_LIMITS.address}
          className="w-full max-w-xl"
        />
        <TextField
          id="new-page-title"
          label={T.title}
          hint={T.titleHint}
          error={answer?.fieldErrors?.title}
          name="title"
          type="text"
          required
          maxLength={BLOCK_PAGE_LIMITS.title}
          className="w-full max-w-xl"
        />
        <div>
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <Plus aria-hidden="true" className="size-5" />
            {T.newPage}
          </button>
        </div>
      </Form>
      <DataTable
        caption={T.tableCaption}
        columns={columns}
        rows={loaderData.pages}
        rowKey={(p) => p.id}
        empty={T.empty}
      />
    </article>
  );
}
