import { COMPANY } from "@common/company";
import { QUOTE_DOCUMENT_TEXTS, quoteLineCells, quoteSummaryRows } from "@common/pipeline/quote-document";
import {
  acceptInputSchema,
  type CustomerQuote,
  declineInputSchema,
  QUOTE_STATE_LABELS,
} from "@common/pipeline/quotes";
import { Form, useParams } from "react-router";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { adminHeaders } from "~/lib/admin-route";
import { done, foundOrNull, invalidInput, refused } from "~/lib/domain-errors.server";
import type { Route } from "./+types/quote-link";

export const CUSTOMER_QUOTE_TEXTS = {
  ...QUOTE_DOCUMENT_TEXTS,
  notFound: "This link is not valid. Ask us for a new one.",
  pdf: "Download the quote as a PDF",
  acceptHeading: "Accept this quote",
  name: "Your name",
  acceptTerms: "I accept these terms",
  accept: "Accept quote",
  declineHeading: "Decline this quote",
  reason: "Reason (optional)",
  decline: "Decline quote",
  accepted: "Thank you: the quote is accepted. We will be in touch to arrange the first collection.",
  declined: "Thank you for letting us know. The quote is declined.",
} as const;

export const meta = ({ data }: Route.MetaArgs) => [
  {
    title: data?.quote ? `${CUSTOMER_QUOTE_TEXTS.title(data.quote.number)} | ${COMPANY.name}` : COMPANY.name,
  },
  { name: "robots", content: "noindex" },
];
// The quote is the customer's alone: never kept by a cache.
export const headers = adminHeaders;

/** The quote the link opens (null for any other link: the page says so). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { quote: await foundOrNull(context.services.quotes.viewByLink(params.id, params.token)) };
}

/** 'Accept quote' (the name and the tick) or 'Decline quote' (a reason, if given), without JavaScript too. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  try {
    if (text("intent") === "decline") {
      const parsed = declineInputSchema.safeParse({ token: params.token, reason: text("reason") });
      if (!parsed.success) return invalidInput(parsed.error.issues);
      await context.services.quotes.decline(params.id, params.token, parsed.data.reason);
      return done({ message: CUSTOMER_QUOTE_TEXTS.declined });
    }
    const parsed = acceptInputSchema.safeParse({
      token: params.token,
      name: text("name"),
      accept: text("accept"),
    });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    await context.services.quotes.accept(params.id, params.token, parsed.data.name, context.ip ?? null);
    return done({ message: CUSTOMER_QUOTE_TEXTS.accepted });
  } catch (error) {
    return refused(error);
  }
}

function Lines({ quote }: { quote: CustomerQuote }) {
  const T = CUSTOMER_QUOTE_TEXTS;
  // The cells and rows the PDF and the mail show too (common/pipeline/quote-document.ts).
  return (
    <table className="mt-6 w-full border-collapse text-left">
      <caption className="sr-only">{T.caption}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-2 pr-3">
            {T.description}
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            {T.quantity}
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            {T.unitPrice}
          </th>
          <th scope="col" className="py-2 pr-3">
            {T.vat}
          </th>
          <th scope="col" className="py-2 text-right">
            {T.net}
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line, i) => {
          const cells = quoteLineCells(line);
          return (
            // Lines have no id of their own: their order is theirs.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines' order is fixed
            <tr key={i} className="border-b">
              <th scope="row" className="py-2 pr-3 font-normal">
                {cells.description}
              </th>
              <td className="py-2 pr-3 text-right">{cells.quantity}</td>
              <td className="py-2 pr-3 text-right">{cells.unitPrice}</td>
              <td className="py-2 pr-3">{cells.vat}</td>
              <td className="py-2 text-right">{cells.net}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {quoteSummaryRows(quote).map((row) => (
          <tr key={row.key} className={row.total ? "font-bold" : undefined}>
            <th scope="row" colSpan={4} className={`${row.total ? "py-2" : "py-1"} pr-3 text-right`}>
              {row.label}
            </th>
            <td className={`${row.total ? "py-2" : "py-1"} text-right`}>{row.amount}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** /quotes/<id>/<token>: the customer's quote, printable, accepted or declined with plain forms. */
export default function QuoteLink({ loaderData, actionData }: Route.ComponentProps) {
  const T = CUSTOMER_QUOTE_TEXTS;
  const { quote } = loaderData;
  // The PDF is opened by the same link as the page (its address is the customer's own).
  const { token } = useParams();
  const answer = actionData as
    | { ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string> }
    | undefined;
  if (!quote) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-extrabold">{COMPANY.name}</h1>
        <p className="mt-4 font-semibold">{T.notFound}</p>
      </main>
    );
  }
  const open = quote.message === null;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <p className="font-semibold">{COMPANY.name}</p>
      <h1 className="mt-2 text-3xl font-extrabold">{T.title(quote.number)}</h1>
      <p className="mt-1">
        {T.version(quote.version)} · {QUOTE_STATE_LABELS[quote.state]} · {T.validUntil(quote.validUntil)}
      </p>
      {answer?.ok && answer.message && (
        <p role="status" className="mt-4 font-semibold">
          {answer.message}
        </p>
      )}
      {!answer?.ok && quote.message && <p className="mt-4 font-semibold">{quote.message}</p>}
      <Lines quote={quote} />
      <p className="mt-4 print:hidden">
        <a href={`/quotes/${quote.id}/${token}/pdf`} className="underline">
          {T.pdf}
        </a>
      </p>
      <h2 className="mt-8 text-xl font-bold">{T.terms}</h2>
      <p className="mt-2 whitespace-pre-line">{quote.terms}</p>
      {open && (
        <div className="mt-8 grid gap-8 print:hidden md:grid-cols-2">
          <Form method="post" noValidate className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">{T.acceptHeading}</h2>
            <input type="hidden" name="intent" value="accept" />
            <label className="flex flex-col gap-1 font-semibold">
              {T.name}
              <input
                name="name"
                autoComplete="name"
                className={inputClass}
                aria-invalid={Boolean(answer?.fieldErrors?.name)}
              />
            </label>
            <label className="flex items-center gap-2 font-semibold">
              <input type="checkbox" name="accept" aria-invalid={Boolean(answer?.fieldErrors?.accept)} />
              {T.acceptTerms}
            </label>
            <button type="submit" className="btn btn-primary">
              {T.accept}
            </button>
          </Form>
          <Form method="post" noValidate className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">{T.declineHeading}</h2>
            <input type="hidden" name="intent" value="decline" />
            <label className="flex flex-col gap-1 font-semibold">
              {T.reason}
              <textarea name="reason" rows={3} className={inputClass} />
            </label>
            <button type="submit" className="btn">
              {T.decline}
            </button>
          </Form>
        </div>
      )}
      <FormMessage
        message={answer && !answer.ok ? answer.error : undefined}
        live="assertive"
        testId="quote-answer-error"
      />
    </main>
  );
}
