import { KIND_LABELS } from "@common/leads/enquiry-labels";
import { PRIVACY_MESSAGES, privacyEmailSchema } from "@common/leads/privacy";
import { firstIssue } from "@common/zod";
import { Download, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { type AppLoadContext, Form, Link, useActionData, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { Loading } from "~/components/admin/Loading";
import { StatusBadge } from "~/components/admin/leads/enquiries/StatusBadge";
import { pageHeadingClass } from "~/components/admin/styles";
import { inputClass } from "~/components/enquiry/styles";
import { useAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, invalidInput, refused } from "~/lib/domain-errors.server";
import { INBOX_PATH } from "~/lib/leads/enquiry-inbox";
import { useMessages } from "~/lib/messages";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/privacy";

export const meta = adminMeta(PRIVACY_MESSAGES.title);
export const headers = adminHeaders;

const EXPORT_PATH = "/admin/dashboard/privacy/export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "privacy");
  return null;
}

/** A search's answer: the visitor's enquiries, or why the address was refused. */
interface Lookup {
  query: string;
  email: string | null;
  error: string | null;
  found: Array<
    Pick<
      Awaited<ReturnType<AppLoadContext["services"]["privacy"]["find"]>>[number],
      "_id" | "kind" | "createdAt" | "status"
    >
  >;
}
const NO_LOOKUP: Lookup = { query: "", email: null, error: null, found: [] };

async function lookup(raw: string, context: AppLoadContext): Promise<Lookup> {
  if (raw.trim() === "") return { ...NO_LOOKUP, query: raw };
  const parsed = privacyEmailSchema.safeParse(raw);
  if (!parsed.success)
    return { query: raw, email: null, error: firstIssue(parsed) ?? PRIVACY_MESSAGES.emailInvalid, found: [] };
  const found = await context.services.privacy.find(parsed.data);
  return {
    query: raw,
    email: parsed.data,
    error: null,
    found: found.map(({ _id, kind, createdAt, status }) => ({ _id, kind, createdAt, status })),
  };
}

/**
 * 'Find' (a POST: the address never reaches an address bar, a history or a log line) and
 * 'Erase': every enquiry of the address, in one transaction, recorded in their timelines.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "privacy");
  const form = await request.formData();
  const raw = form.get("email");
  const email = typeof raw === "string" ? raw : "";
  if (form.get("intent") !== "erase") return done({ lookup: await lookup(email, context) });
  const parsed = privacyEmailSchema.safeParse(email);
  if (!parsed.success)
    return invalidInput(parsed.error.issues.map(({ message }) => ({ message, path: ["email"] })));
  try {
    const count = await context.services.privacy.erase(parsed.data, admin);
    return done({ message: PRIVACY_MESSAGES.erased(count), lookup: await lookup(email, context) });
  } catch (error) {
    return refused(error);
  }
}

/** 'Privacy' (UK GDPR requests): find a visitor's enquiries, export them, erase them. */
export default function AdminPrivacy() {
  const searched = useActionData<typeof action>();
  const eraser = useFetcher<typeof action>();
  const [shown, setShown] = useState<Lookup>(searched?.ok ? searched.lookup : NO_LOOKUP);
  const { query, email, error, found } = shown;
  const { add } = useMessages();
  const [confirming, setConfirming] = useState(false);
  const busy = eraser.state !== "idle";
  useEffect(() => {
    if (searched?.ok) setShown(searched.lookup);
  }, [searched]);
  // Each answer once (action-answer.ts).
  useAnswer(eraser, {
    ok({ message, lookup }) {
      if (message) add(message, "success");
      setShown(lookup);
    },
    refused: ({ error }) => add(error, "error"),
  });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className={pageHeadingClass}>{PRIVACY_MESSAGES.title}</h1>
          {busy && <Loading />}
        </div>
        <p className="text-muted">{PRIVACY_MESSAGES.lead}</p>
      </header>
      <Form method="post" role="search" className="card flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="find" />
        <label htmlFor="privacy-email" className="font-semibold">
          {PRIVACY_MESSAGES.emailLabel}
        </label>
        <div className="flex flex-wrap gap-3">
          <input
            id="privacy-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={query}
            key={query}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "privacy-error" : undefined}
            className={`${inputClass} min-w-0 flex-1 basis-56`}
          />
          <button type="submit" className="btn btn-primary">
            <Search aria-hidden="true" className="size-5" />
            {PRIVACY_MESSAGES.find}
          </button>
        </div>
        <p
          id="privacy-error"
          aria-live="assertive"
          className="min-h-6 text-sm font-semibold text-red-300 [.light-theme_&]:text-red-700"
        >
          {error}
        </p>
      </Form>
      {email && (
        <section aria-labelledby="privacy-results" className="flex flex-col gap-3">
          <h2 id="privacy-results" className="h-card break-words" aria-live="polite">
            {found.length ? PRIVACY_MESSAGES.found(found.length, email) : PRIVACY_MESSAGES.none(email)}
          </h2>
          {found.length > 0 && (
            <>
              <div className="flex flex-wrap gap-3">
                {/* Posted too: the address stays out of the download's URL. */}
                <Form method="post" action={EXPORT_PATH} reloadDocument className="flex flex-wrap gap-3">
                  <input type="hidden" name="email" value={email} />
                  <button type="submit" name="format" value="json" className="btn btn-ghost">
                    <Download aria-hidden="true" className="size-5" />
                    {PRIVACY_MESSAGES.exportJson}
                  </button>
                  <button type="submit" name="format" value="csv" className="btn btn-ghost">
                    <Download aria-hidden="true" className="size-5" />
                    {PRIVACY_MESSAGES.exportCsv}
                  </button>
                </Form>
                <button
                  type="button"
                  className="btn btn-danger sm:ml-auto"
                  onClick={() => !busy && setConfirming(true)}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                  {PRIVACY_MESSAGES.erase}
                </button>
              </div>
              <ul className="flex flex-col gap-2" aria-busy={busy}>
                {found.map((e) => (
                  <li key={e._id} className="card flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
                    <span className="font-bold">{KIND_LABELS[e.kind]}</span>
                    <span className="text-sm text-muted">
                      {PRIVACY_MESSAGES.received}{" "}
                      <time dateTime={e.createdAt} className="text-text">
                        {ukTime(e.createdAt)}
                      </time>
                    </span>
                    <StatusBadge status={e.status} />
                    <Link
                      to={`${INBOX_PATH}/${e._id}`}
                      className="link ml-auto font-semibold"
                      aria-label={`${PRIVACY_MESSAGES.open} ${KIND_LABELS[e.kind]} ${ukTime(e.createdAt)}`}
                    >
                      {PRIVACY_MESSAGES.open}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        open={confirming && email !== null}
        title={PRIVACY_MESSAGES.eraseTitle}
        message={PRIVACY_MESSAGES.eraseBody(found.length, email ?? "")}
        confirmLabel={PRIVACY_MESSAGES.erase}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (email) await eraser.submit({ intent: "erase", email }, { method: "post" });
          setConfirming(false);
        }}
      />
    </div>
  );
}
