import { addDays, ukDay } from "@common/insights/insights";
import { WON_MESSAGES } from "@common/insights/won-value";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_QUOTE } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader } from "./insights";
import { loader as exportLoader } from "./insights-export";

const SCREEN = "http://localhost/admin/dashboard/insights";
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The Insights screen's won business and its CSV (the loaders as React Router calls them), on both databases. */
describe.each(TEST_DATABASES)("Insights' won business on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const call = async (run: typeof loader | typeof exportLoader, url: string, role: "desk" | "editor") =>
    run({
      request: new Request(url, {
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, role)}` },
      }),
      context: context(),
      params: {},
    } as never).catch((thrown: unknown) => thrown);

  it("shows each view's won value and runs the funnel past 'submitted' to quoted and won", async () => {
    const source = {
      landing: "/food-waste",
      referrer: null,
      utmSource: "mail",
      utmMedium: null,
      utmCampaign: "may",
    };
    const id = (await api.app.services.enquiries.submit("quote", VALID_QUOTE, { source })).id;
    await signInAs(api.app, "desk");
    const account = await api.app.services.accounts.findByEmail("staff-desk@example.co.uk");
    const desk = { id: account!.id, email: account!.email, role: "desk" as const };
    for (const stage of ["contacted", "quoted"] as const)
      await api.app.services.stages.move(id, { stage }, desk);
    await api.app.services.stages.move(id, { stage: "won", valuePence: 45_600 }, desk);
    const screen = (await call(loader, SCREEN, "desk")) as Awaited<ReturnType<typeof loader>>;
    expect(screen.won.views.landing[0]).toMatchObject({ key: "/food-waste", won: 1, wonPence: 45_600 });
    expect(screen.won.views.campaign[0]).toMatchObject({ source: "mail", key: "may", won: 1 });
    expect(screen.pipeline.filter((p) => p.form === "quote")).toEqual([
      { form: "quote", stage: "quoted", count: 1 },
      { form: "quote", stage: "won", count: 1 },
    ]);

    const today = ukDay();
    const csv = (await call(
      exportLoader,
      `${SCREEN}/export.csv?from=${addDays(today, -6)}&to=${today}&view=campaign`,
      "desk",
    )) as Response;
    expect(csv.headers.get("content-disposition")).toContain(
      `won-campaign-${addDays(today, -6)}-to-${today}.csv`,
    );
    expect((await csv.text()).split("\r\n")[1]).toBe("mail,may,1,1,1,0,100,456.00");
    const funnel = (await call(exportLoader, `${SCREEN}/export.csv?table=funnel`, "desk")) as Response;
    expect((await funnel.text()).split("\r\n")).toEqual(
      expect.arrayContaining(["Quote,Quoted,1", "Quote,Won,1"]),
    );
    const bad = await call(exportLoader, `${SCREEN}/export.csv?view=everything`, "desk");
    expect([statusOf(bad), bodyOf(bad)]).toEqual([400, WON_MESSAGES.invalidView]);
  });

  it("refuses the Editor the screen and the CSV (403)", async () => {
    for (const [run, url] of [
      [loader, SCREEN],
      [exportLoader, `${SCREEN}/export.csv?view=landing`],
    ] as const) {
      const answer = await call(run, url, "editor");
      expect([statusOf(answer), bodyOf(answer)]).toEqual([403, ROLE_MESSAGES.forbidden("insights")]);
    }
  });
});
