import { BlogForm } from "~/components/admin/blog/BlogForm";
import { pageHeadingClass } from "~/components/admin/styles";
import { ADMIN_PAGE_HEADERS, requireAdmin } from "~/lib/admin-session.server";
import { newDraft, templateFromRoute } from "~/lib/blog-draft";
import type { Route } from "./+types/blog-create";

export const meta: Route.MetaFunction = () => [
  { title: "Create Blog | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** SPEC: /admin/dashboard/blog/create/template-N; any other id gives template 1. */
export default function AdminBlogCreate({ params }: Route.ComponentProps) {
  const template = templateFromRoute(params.templateId);
  return (
    <BlogForm
      // A new template is a new form (and a new draft).
      key={template}
      heading={
        <header>
          <p className="eyebrow">Template {template}</p>
          <h1 className={pageHeadingClass}>Create Blog</h1>
        </header>
      }
      start={() => newDraft(template)}
      belongs={(draft) => draft.editId === null && draft.template === template}
    />
  );
}
