import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { CATCH_ALL_ROUTE_ID, PAGE_REGISTRY } from "../common/content/pages";

/** Every route of the site. Each module is its own chunk, loaded when first needed. */
export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // Before the blog/* page route: the feed is a resource, not a post.
  route("blog/rss.xml", "routes/blog/rss.ts"),
  // A customer's quote by its link (issue 49): before the public pages, never cached.
  route("quotes/:id/:token", "routes/quote-link.tsx"),
  route("quotes/:id/:token/pdf", "routes/quote-link-pdf.ts"),
  layout("routes/public-layout.tsx", [
    // The public pages, from the page registry (common/content/pages.ts).
    ...PAGE_REGISTRY.map((page) =>
      page.path === "/"
        ? index(page.module)
        : route(
            "pattern" in page ? page.pattern : page.path.slice(1),
            page.module,
            "id" in page ? { id: page.id } : {},
          ),
    ),
    route("blog/*", "routes/blog/post.tsx"),
    // Pages from blocks at their addresses, and home for every other path (routes/block-page.tsx).
    route("*", "routes/block-page.tsx", { id: CATCH_ALL_ROUTE_ID }),
  ]),
  // A resource route (CSV download): outside the dashboard layout, guarded by its own loader.
  route("admin/dashboard/insights/export.csv", "routes/admin/insights-export.ts"),
  route("admin/dashboard/privacy/export", "routes/admin/privacy-export.ts"),
  route("admin/dashboard", "routes/admin/dashboard.tsx", [
    index("routes/admin/orders.tsx"),
    route("blog", "routes/admin/blog-list.tsx"),
    route("blog/template", "routes/admin/blog-template.tsx"),
    route("blog/create/:templateId", "routes/admin/blog-create.tsx"),
    route("blog/preview", "routes/admin/blog-preview.tsx"),
    route("blog/:id", "routes/admin/blog-edit.tsx"),
    route("popups", "routes/admin/popup-list.tsx"),
    route("popups/create", "routes/admin/popup-create.tsx"),
    route("popups/:id", "routes/admin/popup-edit.tsx"),
    route("site", "routes/admin/site-list.tsx"),
    route("site/site-details", "routes/admin/site-details.tsx"),
    route("site/menu", "routes/admin/site-menu.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("pages/:key", "routes/admin/page-edit.tsx"),
    route("landing-pages", "routes/admin/landing-pages.tsx"),
    route("landing-pages/:id", "routes/admin/landing-page-edit.tsx"),
    route("redirects", "routes/admin/redirects.tsx"),
    route("enquiries", "routes/admin/enquiries.tsx"),
    route("enquiries/:id", "routes/admin/enquiry-detail.tsx"),
    route("pipeline", "routes/admin/pipeline.tsx"),
    route("pipeline-settings", "routes/admin/pipeline-settings.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("privacy", "routes/admin/privacy.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("spam", "routes/admin/spam.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("*", "routes/admin/orders.tsx", { id: "admin-dashboard-unmatched" }),
  ]),
  route("admin/invite/:token", "routes/admin/invite.tsx"),
  route("admin/*", "routes/admin/sign-in.tsx"),
] satisfies RouteConfig;
