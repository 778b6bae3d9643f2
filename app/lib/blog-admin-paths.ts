/** The blog admin's screens (SPEC section 2, Blog admin). */
export const BLOG_ADMIN_PATHS = {
  list: "/admin/dashboard/blog",
  templates: "/admin/dashboard/blog/template",
  create: (template: number) => `/admin/dashboard/blog/create/template-${template}`,
  preview: "/admin/dashboard/blog/preview",
  edit: (id: string) => `/admin/dashboard/blog/${id}`,
} as const;
