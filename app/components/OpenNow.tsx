import {
  OPEN_NOW_ATTRIBUTE,
  OPEN_NOW_PLACEHOLDER,
  openNowText,
} from "@common/content/site-content/opening-hours";
import type { SiteDetails } from "@common/content/site-content/site-details-defaults";
import { useState } from "react";
import { usePreviewOpenNow } from "~/lib/content/site-details";
import { stillHydrating } from "~/lib/static-island";

/**
 * "Open now · closes at 18:00" / "Closed now · opens Monday at 06:00". The server renders the
 * placeholder in its own element (OPEN_NOW_ATTRIBUTE), and the page is served with the sentence
 * for that minute in its place (even from the page cache, without JavaScript:
 * server/pages/form-token.ts); hydration keeps the served text.
 * A page drawn in the browser (a link inside the site) works it out there. `fixed`: the sentence
 * to show instead; under the site details' Preview, the sentence from the draft's hours.
 */
export function OpenNow({
  details,
  fixed,
}: {
  details: Pick<SiteDetails, "hours" | "specialDays">;
  fixed?: string;
}) {
  const [text] = useState(() =>
    typeof document === "undefined" || stillHydrating()
      ? OPEN_NOW_PLACEHOLDER
      : openNowText(details, new Date()),
  );
  const preview = usePreviewOpenNow();
  return (
    <span data-testid="open-now" {...{ [OPEN_NOW_ATTRIBUTE]: "" }} suppressHydrationWarning>
      {fixed ?? preview ?? text}
    </span>
  );
}
