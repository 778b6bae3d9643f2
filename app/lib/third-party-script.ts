/**
 * Adds a third-party script once, after cookie consent. The CSP names the widget hosts; a page
 * rendered for one visitor also has a nonce, which the browser exposes as a property of the
 * server's inline script, and it is copied (cached pages have none).
 * A script that cannot load (offline, blocked) fails quietly: the plain link stays in place.
 */
export function addThirdPartyScript(src: string) {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  script.dataset.thirdParty = "true";
  // A failed load raises no script error; the element stays so it is not retried on every page.
  document.body.appendChild(script);
}
