/** The page script's address (vite.config.ts `pageScripts`): `/assets/page-<hash>.js` once built. */
declare module "virtual:page-script" {
  const url: string;
  export default url;
}

/** The enquiry form island's address (vite.config.ts `pageScripts`): `/assets/island-enquiry-form-<hash>.js`. */
declare module "virtual:island-enquiry-form" {
  const url: string;
  export default url;
}

/** The quote wizard island's address (vite.config.ts `pageScripts`): `/assets/island-quote-wizard-<hash>.js`. */
declare module "virtual:island-quote-wizard" {
  const url: string;
  export default url;
}
