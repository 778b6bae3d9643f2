import { useNonce } from "~/lib/nonce";

/**
 * schema.org data for search engines, as a script element carrying the page's nonce like every
 * inline script. "<" is escaped so no text (a post title, say) can close the element early.
 */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
