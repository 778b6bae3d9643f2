import { TEMPLATE_COUNT } from "@common/content/blog-rules";
import { Link } from "react-router";
import { pageHeadingClass } from "~/components/admin/styles";
import { TemplateThumbnail } from "~/components/blog/TemplateThumbnail";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/blog-template";

export const meta = adminMeta("Choose a Template");

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  return null;
}

const TEMPLATES = Array.from({ length: TEMPLATE_COUNT }, (_, i) => i + 1);

/** Five template cards, each with a drawing of its layout, opening the create form. */
export default function AdminBlogTemplate() {
  return (
    <div className="grid gap-6">
      <h1 className={pageHeadingClass}>Choose a Template</h1>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {TEMPLATES.map((n) => (
          <li
            key={n}
            className="card relative grid gap-3 !p-4 transition focus-within:ring-2 focus-within:ring-brand hover:border-brand"
          >
            <TemplateThumbnail template={n} />
            {/* The link covers the whole card; its name is just the template's. */}
            <Link
              to={BLOG_ADMIN_PATHS.create(n)}
              className="text-lg font-bold after:absolute after:inset-0 after:rounded-[inherit] after:content-['']"
            >
              Template {n}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
