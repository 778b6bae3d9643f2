/** The page script's address (vite.config.ts `pageScript`): `/assets/page-<hash>.js` once built. */
declare module "virtual:page-script" {
  const url: string;
  export default url;
}
