import { ADMIN_MESSAGES } from "@common/admin-messages";
import { can } from "@common/staff/roles";
import { ClipboardList } from "lucide-react";
import { redirect } from "react-router";
import { WeekReviews } from "~/components/admin/bookings/WeekReviews";
import { DeskOverview } from "~/components/admin/leads/DeskOverview";
import { PipelineFigures } from "~/components/admin/pipeline/PipelineFigures";
import { ACCOUNT_PATH, sectionsFor } from "~/components/admin/sections";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminMeta } from "~/lib/admin-route";
import { weekReviews } from "~/lib/bookings/bookings-admin.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/orders";

export const meta = adminMeta("Order History");

/**
 * The lead desk's figures: one indexed query each, the pipeline's (issue 49), this week's free
 * waste reviews (issue 48), the active popup and the newest posts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // A role without the dashboard (an Editor) starts at its first section instead of a refusal.
  if (!can(admin.role, "dashboard")) throw redirect(sectionsFor(admin.role)[0]?.to ?? ACCOUNT_PATH);
  const { figures, popups, blog, pipelineFigures } = context.services;
  const [desk, popup, posts, pipeline, reviews] = await Promise.all([
    figures.figures(),
    popups.active(),
    blog.listSummaries({ limit: 3 }),
    pipelineFigures.figures(admin),
    weekReviews(context, admin),
  ]);
  return {
    figures: desk,
    pipeline,
    weekReviews: reviews,
    activePopup: popup?.title ?? null,
    latestPosts: posts.map(({ _id, title }) => ({ _id, title })),
  };
}

/** The dashboard index and every unmatched dashboard path: the week at a glance, then the orders notice. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={pageHeadingClass}>Order History</h1>
      <DeskOverview {...loaderData} />
      <PipelineFigures figures={loaderData.pipeline} />
      <WeekReviews reviews={loaderData.weekReviews} />
      <div className="card mt-6 flex flex-col items-center gap-3 py-12 text-center">
        <ClipboardList aria-hidden="true" className="size-10 text-brand" />
        <p className="text-lg font-semibold">{ADMIN_MESSAGES.ordersUnavailable}</p>
      </div>
    </>
  );
}
