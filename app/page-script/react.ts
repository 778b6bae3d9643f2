/** Whether React Router hydrates this page (a page with a form): its nodes must stay in place. */
export const reactRuns = () => "__reactRouterContext" in window;
