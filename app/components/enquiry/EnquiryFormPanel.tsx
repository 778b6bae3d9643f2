import { useActionData, useLocation, useSearchParams } from "react-router";
import { EnquiryFormIsland, type EnquiryFormIslandProps } from "~/islands/enquiry-form";
import { IslandContainer } from "~/islands/IslandContainer";
import { type EnquiryFormAnswer, SENT_PARAM } from "~/lib/leads/enquiry-api";

/**
 * The contact or tankering form on its page, as an island: the server draws it in its container
 * and writes its props beside it (the route action's answer, the reference just sent, the page's
 * path); in the browser app/islands/enquiry-form.client.tsx hydrates it alone.
 */
export function EnquiryFormPanel({ kind, labelledBy }: Pick<EnquiryFormIslandProps, "kind" | "labelledBy">) {
  const answer = useActionData() as EnquiryFormAnswer | undefined;
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const props: EnquiryFormIslandProps = {
    kind,
    labelledBy,
    action: pathname,
    sent: params.get(SENT_PARAM) ?? "",
    ...(answer ? { answer } : {}),
  };
  return (
    <IslandContainer name="enquiry-form" props={props}>
      <EnquiryFormIsland {...props} />
    </IslandContainer>
  );
}
