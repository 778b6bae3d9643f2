/** The paths of the blog admin's screens: list, template choice, create, edit and preview. */
export const BLOG_ADMIN_PATHS = {
  list: "/admin/dashboard/blog",
  templates: "/admin/dashboard/blog/template",
  create: (template: number) => `/admin/dashboard/blog/create/template-${template}`,
  preview: "/admin/dashboard/blog/preview",
  edit: (id: string) => `/admin/dashboard/blog/${id}`,
} as const;
