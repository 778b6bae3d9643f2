import { BLOCK_PAGE_TEXTS } from "@common/content/block-pages";
import { data, redirect } from "react-router";
import { BLOCK_FORM_ANCHOR } from "~/components/blocks/anchors";
import { BlockPage, GonePage } from "~/components/blocks/BlockPage";
import { blockPageFor } from "~/lib/content/block-page.server";
import { blockPageMeta, gonePageMeta } from "~/lib/content/block-page-seo";
import { formPageHeaders } from "~/lib/form-page-headers";
import { enquiryAction } from "~/lib/leads/enquiry-action.server";
import { siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/block-page";
import Home, { loader as homeLoader, meta as homeMeta } from "./home";

export const handle = { fullBleed: true };

/**
 * The site's catch-all: a page from blocks at its address (services.blockPages, from memory), a
 * deleted one's 410 (or its 301 where the editor chose a page), and for any other path the home
 * page, as SPEC has it. Read through `context.services` only.
 */
export async function loader(args: Route.LoaderArgs) {
  const answer = await blockPageFor(args.request, args.context);
  if (answer?.kind === "gone") {
    if (answer.redirectTo) throw redirect(answer.redirectTo, 301);
    return data({ blockPage: null, gone: true as const }, { status: 410 });
  }
  // One address a page: `/bakery-waste/` is sent to `/bakery-waste` (never kept as the catch-all's page).
  if (answer && !answer.preview && new URL(args.request.url).pathname !== answer.view.address)
    throw redirect(answer.view.address, 301);
  if (answer)
    return {
      blockPage: answer.view,
      preview: answer.preview,
      // The enquiry form's island loads only where the page has a form (app/root.tsx).
      island: answer.view.formAt >= 0 ? ("enquiry-form" as const) : undefined,
    };
  return { ...(await homeLoader(args as never)), blockPage: null };
}

/** The form block's posts (no JavaScript, or before the island is ready): the contact form's action, here. */
export async function action(args: Route.ActionArgs) {
  const answer = await blockPageFor(args.request, args.context);
  if (answer?.kind !== "page" || answer.view.formAt < 0) throw data(null, { status: 405 });
  return enquiryAction("contact", args.request, args.context, BLOCK_FORM_ANCHOR);
}

/** A refused post's Retry-After (503, 429) goes with the page. */
export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  if (loaderData && "gone" in loaderData) return gonePageMeta();
  if (loaderData?.blockPage) {
    const tags = blockPageMeta(loaderData.blockPage, siteUrlFrom(args.matches));
    return "preview" in loaderData && loaderData.preview
      ? [...tags, { name: "robots", content: "noindex" }]
      : tags;
  }
  return homeMeta(args as never);
};

export default function CatchAll(props: Route.ComponentProps) {
  const { loaderData } = props;
  const siteUrl = siteUrlFrom(props.matches);
  if ("gone" in loaderData) return <GonePage />;
  if (loaderData.blockPage)
    return (
      <BlockPage
        view={loaderData.blockPage}
        siteUrl={siteUrl}
        notice={"preview" in loaderData && loaderData.preview ? BLOCK_PAGE_TEXTS.previewNotice : undefined}
      />
    );
  return <Home {...(props as unknown as Parameters<typeof Home>[0])} />;
}
