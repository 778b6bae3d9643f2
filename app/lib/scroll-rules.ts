/** Quote pages keep their scroll position between steps. */
export const keepsScroll = (pathname: string) => /^\/quote(\/|$)/.test(pathname);
