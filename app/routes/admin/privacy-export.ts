import { PRIVACY_EXPORT_FORMATS, privacyEmailSchema } from "@common/leads/privacy";
import { firstIssue, z } from "@common/zod";
import { data } from "react-router";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/privacy-export";

const exportSchema = z.object({ email: privacyEmailSchema, format: z.enum(PRIVACY_EXPORT_FORMATS) });

/**
 * Every enquiry of one visitor's address as JSON or CSV (a download: a subject access request).
 * Posted, so the address is in no URL (address bar, history, log line).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "privacy");
  const parsed = exportSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(firstIssue(parsed), { status: 400 });
  const { email, format } = parsed.data;
  const privacy = context.services.privacy;
  const body =
    format === "json"
      ? JSON.stringify(
          { email, exportedAt: new Date().toISOString(), enquiries: await privacy.exportJson(email, admin) },
          null,
          2,
        )
      : await privacy.exportCsv(email, admin);
  const file = `enquiries-${email.replace(/[^\w.@-]/g, "_")}.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
    },
  });
}
