import { QUOTE_MESSAGES } from "@common/pipeline/quotes";
import { foundOrNull } from "~/lib/domain-errors.server";
import type { Route } from "./+types/quote-link-pdf";

/**
 * /quotes/<id>/<token>/pdf: the quote of the customer's link as a PDF (issue 49), linked from its
 * page. Only that link opens it (404 with the page's words for any other); never kept by a cache.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pdf = await foundOrNull(context.services.quotes.pdfByLink(params.id, params.token));
  if (!pdf) {
    return new Response(QUOTE_MESSAGES.linkRefused, {
      status: 404,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(pdf.body), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${pdf.fileName}"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
