import { SPAM_MESSAGES } from "@common/admin-messages";
import { listLines, spamSettingsInputSchema } from "@common/leads/spam";
import { Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { pageHeadingClass } from "~/components/admin/styles";
import { inputClass } from "~/components/enquiry/styles";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, invalidInput } from "~/lib/domain-errors.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/spam";

export const meta = adminMeta(SPAM_MESSAGES.heading);
export const headers = adminHeaders;

/** 'Spam': the spam check's disallowed words and domains (Owner and Desk: the enquiries permission). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "enquiries");
  return { settings: await context.services.spam.settings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const form = await request.formData();
  const parsed = spamSettingsInputSchema.safeParse({
    words: listLines(String(form.get("words") ?? "")),
    domains: listLines(String(form.get("domains") ?? "")),
  });
  if (!parsed.success) return invalidInput(parsed.error.issues);
  await context.services.spam.saveSettings(parsed.data, admin);
  return done({ message: SPAM_MESSAGES.saved });
}

export default function Spam({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const busy = useNavigation().state !== "idle";
  const answer = useSettledAnswer(actionData);
  const refused = answer?.ok === false ? answer : undefined;
  const list = (name: "words" | "domains", label: string, hint: string) => {
    // A list's refusal names the entry: "words.3" is the fourth line of the words.
    const fieldError = Object.entries(refused?.fieldErrors ?? {}).find(
      ([field]) => field.split(".")[0] === name,
    )?.[1];
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={`spam-${name}`} className="h-card">
          {label}
        </label>
        <p id={`spam-${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
        <textarea
          id={`spam-${name}`}
          name={name}
          rows={8}
          aria-describedby={fieldError ? `spam-${name}-hint spam-${name}-error` : `spam-${name}-hint`}
          aria-invalid={fieldError ? true : undefined}
          defaultValue={settings[name].join("\n")}
          className={inputClass}
        />
        {fieldError && (
          <p id={`spam-${name}-error`} className="text-sm font-semibold text-[var(--color-danger)]">
            {fieldError}
          </p>
        )}
      </div>
    );
  };
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{SPAM_MESSAGES.heading}</h1>
      <p className="max-w-prose text-muted">{SPAM_MESSAGES.intro}</p>
      <Form method="post" className="card flex flex-col gap-6">
        {list("words", SPAM_MESSAGES.words, SPAM_MESSAGES.wordsHint)}
        {list("domains", SPAM_MESSAGES.domains, SPAM_MESSAGES.domainsHint)}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={busy} icon={Save}>
            {SPAM_MESSAGES.save}
          </SubmitButton>
          <p role="status" className="font-semibold">
            {answer?.ok === false ? (
              <span className="text-[var(--color-danger)]">{answer.error}</span>
            ) : (
              answer?.message
            )}
          </p>
        </div>
      </Form>
    </article>
  );
}
