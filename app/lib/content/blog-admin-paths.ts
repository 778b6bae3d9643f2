/** The paths of the blog admin's screens: list, template choice, create, edit and preview. */
export const BLOG_ADMIN_PATHS = {
  list: "/admin/dashboard/blog",
  templates: "/admin/dashboard/blog/template",
  create: (template: number) => `/admin/dashboard/blog/create/template-${template}`,
  preview: "/admin/dashboard/blog/preview",
  /** Where the preview's Submit goes: the post it publishes is named by the URL (none: a new post). */
  publish: (id: string | null | undefined) =>
    id ? `/admin/dashboard/blog/preview?post=${encodeURIComponent(id)}` : "/admin/dashboard/blog/preview",
  edit: (id: string) => `/admin/dashboard/blog/${id}`,
} as const;
