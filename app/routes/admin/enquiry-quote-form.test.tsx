import { QUOTE_STATE_LABELS, type QuoteView, type ServiceView } from "@common/pipeline/quotes";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { QuotesPanel } from "~/components/admin/pipeline/PipelinePanels";
import { PIPELINE_SCREEN_TEXTS as T } from "~/lib/pipeline/pipeline-texts";
import { loadContext } from "../../../server/pages/load-context";
import { bearer } from "../../../server/test/content";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./enquiry-detail";

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] ?? "") : undefined;
};

/**
 * What a browser without JavaScript posts from the form that holds `hidden` (its intent and
 * quote): each input's value, each select's selected option (its first without one), each
 * textarea's text, as React renders them.
 */
function formFields(markup: string, ...hidden: string[]): Record<string, string> {
  const form = markup
    .split("<form")
    .find((f) => hidden.every((h) => f.slice(0, f.indexOf("</form>")).includes(h)));
  if (!form) throw new Error("no such form");
  const body = form.slice(0, form.indexOf("</form>"));
  const fields: Record<string, string> = {};
  for (const [tag] of body.matchAll(/<input[^>]*>/g)) {
    const name = attr(tag, "name");
    if (name) fields[name] = attr(tag, "value") ?? "";
  }
  for (const [, open, options] of body.matchAll(/<select([^>]*)>(.*?)<\/select>/g)) {
    const name = attr(open ?? "", "name");
    const all = [...(options ?? "").matchAll(/<option([^>]*)>/g)].map((m) => m[1] ?? "");
    const chosen = all.find((o) => /\sselected=""/.test(o)) ?? all[0] ?? "";
    if (name) fields[name] = attr(chosen, "value") ?? "";
  }
  for (const [, open, text] of body.matchAll(/<textarea([^>]*)>(.*?)<\/textarea>/gs)) {
    const name = attr(open ?? "", "name");
    if (name) fields[name] = decode(text ?? "");
  }
  return fields;
}

type Pipeline = { quotes: QuoteView[]; services: ServiceView[] };

/** The enquiry screen's 'Quotes' panel, given the loader's pipeline. */
function Panel() {
  const { quotes, services } = useLoaderData() as Pipeline;
  return <QuotesPanel quotes={quotes} services={services} busy={false} />;
}
const Stub = createRoutesStub([{ id: "panel", path: "/", Component: Panel }]);

/** The 'Quotes' panel as the server renders it, posted back as a browser without JavaScript would. */
describe.each(TEST_DATABASES)("the enquiry screen's quote form, rendered and posted, on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const screen = (id: string) => `http://localhost/admin/dashboard/enquiries/${id}`;
  const load = async (cookie: string, id: string) =>
    (
      await loader({
        request: new Request(screen(id), { headers: { cookie } }),
        context: context(),
        params: { id },
      } as never)
    ).pipeline as Pipeline;
  const post = async (cookie: string, id: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const answer = await action({
      request: new Request(screen(id), { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: { id },
    } as never);
    return ((answer as { data?: unknown }).data ?? answer) as { ok: boolean; message?: string };
  };
  const render = (pipeline: Pipeline) =>
    renderToStaticMarkup(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { panel: pipeline } }} />);

  it("opens 'Edit quote' and 'Revise quote' filled with the version: posted unchanged, the content is the same", async () => {
    const cookie = `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, "desk")}`;
    const service = await api.app.inject({
      method: "POST",
      url: "/api/admin/pipeline/services",
      headers: bearer(api.token),
      payload: { name: "Depackaging", unit: "tonne", unitPricePence: 4250, vatRate: "zero" },
    });
    const serviceId = service.json().data.id as string;
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const created = await api.app.inject({
      method: "POST",
      url: `/api/admin/enquiries/${id}/quotes`,
      headers: bearer(api.token),
      payload: {
        lines: [
          {
            serviceId,
            description: "Depackaging",
            quantityThousandths: 1250,
            unit: "tonne",
            unitPricePence: 4250,
            vatRate: "zero",
          },
          {
            description: 'Bins "240 l" & lids',
            quantityThousandths: 1_000_000,
            unit: "collection",
            unitPricePence: 1850,
          },
        ],
        discount: { kind: "percent", basisPoints: 1250 },
        terms: "Our terms <b>as typed</b> & kept",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await load(cookie, id);
    const [draft] = before.quotes;
    const markup = render(before);
    expect(markup).toContain(`<summary class="cursor-pointer font-semibold">${T.editQuote}</summary>`);
    const edit = formFields(markup, 'value="quote-save"', `value="${draft?.id}"`);
    expect(edit).toMatchObject({ intent: "quote-save", "line-0-service": serviceId, discount: "12.5%" });
    expect(await post(cookie, id, edit)).toEqual({ ok: true, message: T.quoteSaved(draft?.number ?? "") });
    const [saved] = (await load(cookie, id)).quotes;
    const content = (q?: QuoteView) => [
      q?.lines,
      q?.discount,
      q?.validUntil,
      q?.terms,
      q?.totals,
      q?.version,
    ];
    expect(content(saved)).toEqual(content(draft));

    // Sent, it offers 'Revise quote' (its draft form gone): posted unchanged, version 2 supersedes it.
    await post(cookie, id, { intent: "quote-send", quoteId: draft?.id ?? "" });
    const sent = await load(cookie, id);
    const sentMarkup = render(sent);
    expect(sentMarkup).toContain(`<summary class="cursor-pointer font-semibold">${T.reviseQuote}</summary>`);
    expect(sentMarkup).not.toContain(T.editQuote);
    const revise = formFields(sentMarkup, 'value="quote-save"', `value="${draft?.id}"`);
    expect(revise.intent).toBe("quote-save");
    expect(await post(cookie, id, revise)).toEqual({
      ok: true,
      message: T.quoteRevised(draft?.number ?? "", 2),
    });
    const after = await load(cookie, id);
    const [v2, v1] = after.quotes;
    expect([v2?.version, v2?.state, v1?.state]).toEqual([2, "draft", "superseded"]);
    expect(content(v2).slice(0, 5)).toEqual(content(draft).slice(0, 5));
    // The versions listed with their states; the superseded one has no form, its PDF still linked.
    const listed = render(after);
    expect(listed).toContain(QUOTE_STATE_LABELS.superseded);
    expect(listed).toContain(T.quotePdf(v1?.number ?? "", 1));
    expect(listed.split(T.editQuote).length - 1).toBe(1);
    expect(listed).not.toContain(T.reviseQuote);
  });
});
