import { BOOKING_TEXTS } from "@common/bookings/bookings";
import { reviewTimeText } from "@common/bookings/mail";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { DayList, DetailsForm, TakenNotice, TimeList } from "~/components/bookings/BookingSteps";
import { primaryButtonClass } from "~/components/enquiry/styles";
import { PageHero } from "~/components/PageParts";
import {
  type BookAnswer,
  bookAction,
  bookLoader,
  type ManageView,
  manageAction,
  manageLoader,
} from "~/lib/bookings/book-page.server";
import { formPageHeaders } from "~/lib/form-page-headers";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/book";

export const handle = { fullBleed: true };

/** /book/manage/<id>/<token>: the booking's own link (its id and token), else the booking steps. */
const MANAGE = /^manage\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})$/;
const manageParams = (splat: string | undefined) => {
  const match = MANAGE.exec(splat ?? "");
  return match ? { id: match[1], token: match[2] } : undefined;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const link = manageParams(params["*"]);
  if (params["*"] && !link) throw new Response(null, { status: 404 });
  if (link) return { manage: await manageLoader(request, context, link.id, link.token) };
  return { book: await bookLoader(request, context) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const link = manageParams(params["*"]);
  if (params["*"] && !link) throw new Response(null, { status: 404 });
  return link ? manageAction(request, context, link.id, link.token) : bookAction(request, context);
}

/** A refused post's Retry-After goes with the page. */
export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const meta = pageMeta(
    {
      title: BOOKING_TEXTS.heading,
      description: "Book a free waste review with our team online: choose a day and a time that suit you.",
      path: "/book",
    },
    siteUrlFrom(matches),
  );
  // A booking's own link is for its visitor only: never indexed.
  return params["*"] ? [...meta, { name: "robots", content: "noindex" }] : meta;
};

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as BookAnswer | undefined;
  if ("manage" in loaderData && loaderData.manage) return <Manage view={loaderData.manage} answer={answer} />;
  const view = "book" in loaderData ? loaderData.book : undefined;
  if (!view) return null;
  return (
    <>
      <PageHero
        id="book-hero"
        eyebrow="Free waste review"
        title={BOOKING_TEXTS.heading}
        lead={BOOKING_TEXTS.intro}
      />
      {/* A div: each step below has its own heading (a section without one is a Nu checker warning). */}
      <div className="section" aria-live="polite">
        <div className="container-page flex max-w-3xl flex-col gap-6">
          {answer?.taken && <TakenNotice taken={answer.taken} base="/book" />}
          {view.step === "days" && <DayList days={view.days} base="/book" />}
          {view.step === "times" && <TimeList day={view.day} base="/book" />}
          {view.step === "details" && <DetailsForm slot={view.slot} base="/book" answer={answer} />}
          {view.step === "done" && (
            <div className="card flex flex-col gap-3" data-testid="booking-done">
              <h2 className="h-section">{BOOKING_TEXTS.booked}</h2>
              <p>
                {BOOKING_TEXTS.when}: <strong>{reviewTimeText(view.at)}</strong>
              </p>
              <p>
                {BOOKING_TEXTS.reference}: <strong data-testid="booking-reference">{view.reference}</strong>
              </p>
              <p>{BOOKING_TEXTS.mailed}</p>
            </div>
          )}
          {view.step === "cancelled" && (
            <div className="card flex flex-col gap-3" data-testid="booking-cancelled">
              <h2 className="h-section">{BOOKING_TEXTS.cancelled}</h2>
              <p>
                {BOOKING_TEXTS.reference}: <strong>{view.reference}</strong>
              </p>
              <a className={primaryButtonClass} href="/book">
                {BOOKING_TEXTS.heading}
              </a>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

function Manage({ view, answer }: { view: ManageView; answer?: BookAnswer }) {
  if (view.step === "invalid") return <Invalid message={view.message} />;
  const { booking, base } = view;
  return (
    <>
      <PageHero
        id="book-hero"
        eyebrow={`${BOOKING_TEXTS.reference} ${booking.reference}`}
        title={view.moved ? BOOKING_TEXTS.rescheduled : "Your free waste review"}
        lead={`${BOOKING_TEXTS.when}: ${reviewTimeText(booking.startsAt)}`}
      />
      <section className="section" aria-live="polite">
        <div className="container-page flex max-w-3xl flex-col gap-8">
          {answer?.taken && <TakenNotice taken={answer.taken} base={base} />}
          {answer?.fieldErrors?.form && <p role="alert">{answer.fieldErrors.form}</p>}
          <div className="flex flex-col gap-4" data-testid="booking-move">
            <h2 className="h-section">{BOOKING_TEXTS.reschedule}</h2>
            {view.slot ? (
              <form method="post" action={base} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name="start" value={view.slot.start} />
                <p>
                  {BOOKING_TEXTS.when}: <strong>{reviewTimeText(view.slot.start)}</strong>
                </p>
                <div>
                  <button type="submit" className={primaryButtonClass}>
                    {BOOKING_TEXTS.reschedule}
                  </button>
                </div>
              </form>
            ) : view.day ? (
              <TimeList day={view.day} base={base} />
            ) : (
              <DayList days={view.days} base={base} />
            )}
          </div>
          <form method="post" action={base} className="flex flex-col gap-4" data-testid="booking-cancel">
            <h2 className="h-section">{BOOKING_TEXTS.cancel}</h2>
            <input type="hidden" name="intent" value="cancel" />
            <div>
              <button type="submit" className={primaryButtonClass}>
                {BOOKING_TEXTS.cancelConfirm}
              </button>
            </div>
          </form>
        </div>
      </section>
    </>
  );
}

function Invalid({ message }: { message: string }) {
  return (
    <PageHero id="book-hero" eyebrow="Free waste review" title="This link no longer works" lead={message}>
      <a className={primaryButtonClass} href="/book">
        {BOOKING_TEXTS.heading}
      </a>
    </PageHero>
  );
}

/** The link's 404 (not this booking's, cancelled or ended): said on the page, not the site's error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "message" in error.data)
    return <Invalid message={String((error.data as { message: unknown }).message)} />;
  return <Invalid message="This page does not exist." />;
}
