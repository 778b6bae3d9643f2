/** The 'Landing pages' screens' address (the list; a page's editor is `/<its id>`). */
export const LANDING_PAGES_PATH = "/admin/dashboard/landing-pages";
