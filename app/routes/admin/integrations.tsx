import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookEndpointInputSchema,
} from "@common/webhooks/webhooks";
import { KeyRound, Plus, Power, RotateCcw, Send, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { TextField } from "~/components/admin/Field";
import { pageHeadingClass } from "~/components/admin/styles";
import { WebhookSecretRenewed } from "~/components/admin/webhooks/WebhookSecretRenewed";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, invalidInput, refused } from "~/lib/domain-errors.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/integrations";

export const meta = adminMeta(WEBHOOK_MESSAGES.title);
export const headers = adminHeaders;

/** 'Integrations' (Owner): webhook endpoints and each one's delivery log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "integrations");
  const webhooks = context.services.webhooks;
  const endpoints = await webhooks.list();
  const logs = await Promise.all(endpoints.map((endpoint) => webhooks.deliveries(endpoint.id)));
  return { endpoints: endpoints.map((endpoint, i) => ({ endpoint, deliveries: logs[i] })) };
}

const INTENTS = ["add", "rotate", "enable", "disable", "delete", "test", "resend"] as const;

/** Add, 'Rotate secret', 'Disable'/'Enable', 'Delete', 'Send a test event' and 'Send again'. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "integrations");
  const form = await request.formData();
  const webhooks = context.services.webhooks;
  const asked = String(form.get("intent") ?? "add");
  const intent = (INTENTS as readonly string[]).includes(asked) ? asked : "add";
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "add") {
      const parsed = webhookEndpointInputSchema.safeParse({
        url: form.get("url") ?? "",
        description: form.get("description") ?? "",
        events: form.getAll("events").map(String),
      });
      if (!parsed.success) return invalidInput(parsed.error.issues);
      const added = await webhooks.add(parsed.data, admin);
      return done({ message: WEBHOOK_MESSAGES.added, secret: added.secret, secretFor: added.url });
    }
    if (intent === "rotate") {
      const rotated = await webhooks.rotateSecret(id, admin);
      return done({ message: WEBHOOK_MESSAGES.rotated, secret: rotated.secret, secretFor: rotated.url });
    }
    if (intent === "enable" || intent === "disable") {
      await webhooks.setEnabled(id, intent === "enable", admin);
      return done({ message: intent === "enable" ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled });
    }
    if (intent === "delete") {
      await webhooks.remove(id, admin);
      return done({ message: WEBHOOK_MESSAGES.removed });
    }
    if (intent === "test") {
      await webhooks.sendTest(id, admin);
      return done({ message: WEBHOOK_MESSAGES.testQueued });
    }
    await webhooks.sendAgain(id, String(form.get("delivery") ?? ""), admin);
    return done({ message: WEBHOOK_MESSAGES.queuedAgain });
  } catch (error) {
    return refused(error);
  }
}

const STATE_LABELS: Record<WebhookDelivery["state"], string> = {
  pending: WEBHOOK_MESSAGES.statePending,
  sent: WEBHOOK_MESSAGES.stateSent,
  failed: WEBHOOK_MESSAGES.stateFailed,
};

function IntentButton({
  intent,
  id,
  label,
  icon,
  extra,
  danger,
}: {
  intent: string;
  id: string;
  label: string;
  icon: React.ReactNode;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={danger ? "btn btn-outline text-[var(--color-danger)]" : "btn btn-outline"}
      >
        {icon}
        {label}
      </button>
    </Form>
  );
}

/** An endpoint's delivery log: each attempt's time, event, outcome and the receiver's answer. */
function DeliveryLog({ endpoint, deliveries }: { endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] }) {
  const columns: Array<Column<WebhookDelivery>> = [
    {
      id: "time",
      header: WEBHOOK_MESSAGES.colTime,
      className: "whitespace-nowrap",
      cell: (d) => ukTime(d.lastAttemptAt ?? d.createdAt),
    },
    { id: "event", header: WEBHOOK_MESSAGES.colEvent, cell: (d) => d.event },
    {
      id: "status",
      header: WEBHOOK_MESSAGES.colStatus,
      cell: (d) =>
        `${STATE_LABELS[d.state]}${d.status !== null ? ` (${d.status})` : ""}${d.error ? ` ${d.error}` : ""}`,
    },
    {
      id: "duration",
      header: WEBHOOK_MESSAGES.colDuration,
      className: "whitespace-nowrap",
      cell: (d) => (d.durationMs !== null ? `${d.durationMs} ms` : ""),
    },
    { id: "attempt", header: WEBHOOK_MESSAGES.colAttempt, cell: (d) => d.attempts },
    {
      id: "response",
      header: WEBHOOK_MESSAGES.colResponse,
      cell: (d) =>
        d.responseBody ? (
          <pre className="max-w-xs overflow-hidden text-xs whitespace-pre-wrap break-all">
            {d.responseBody}
          </pre>
        ) : null,
    },
    {
      id: "actions",
      header: WEBHOOK_MESSAGES.colActions,
      cell: (d) =>
        d.canResend ? (
          <IntentButton
            intent="resend"
            id={endpoint.id}
            extra={{ delivery: d.id }}
            label={WEBHOOK_MESSAGES.sendAgain}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
          />
        ) : null,
    },
  ];
  return (
    <DataTable
      caption={WEBHOOK_MESSAGES.deliveriesCaption(endpoint.url)}
      captionVisible
      columns={columns}
      rows={deliveries}
      rowKey={(d) => d.id}
      empty={WEBHOOK_MESSAGES.noDeliveries}
    />
  );
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = useSettledAnswer(actionData) as
    | { ok: true; message?: string; secret?: string; secretFor?: string }
    | { ok: false; error: string; fieldErrors?: Record<string, string> }
    | undefined;
  const fieldError = (name: string) => (answer && !answer.ok ? answer.fieldErrors?.[name] : undefined);
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{WEBHOOK_MESSAGES.title}</h1>
      <p className="max-w-prose text-muted">{WEBHOOK_MESSAGES.intro}</p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : (
          answer?.message
        )}
      </p>
      {answer?.ok && answer.secret ? (
        <section className="card flex flex-col gap-2" aria-labelledby="webhook-secret-heading">
          <h2 id="webhook-secret-heading" className="h-card">
            {WEBHOOK_MESSAGES.secretHeading}
          </h2>
          <p className="text-sm text-muted">{answer.secretFor}</p>
          <code data-testid="webhook-secret" className="break-all">
            {answer.secret}
          </code>
          <p className="text-sm">{WEBHOOK_MESSAGES.secretOnce}</p>
        </section>
      ) : null}

      <Form method="post" className="card flex flex-col gap-4" aria-labelledby="webhook-add-heading">
        <h2 id="webhook-add-heading" className="h-card">
          {WEBHOOK_MESSAGES.addHeading}
        </h2>
        <input type="hidden" name="intent" value="add" />
        <TextField
          id="webhook-url"
          label={WEBHOOK_MESSAGES.url}
          hint={WEBHOOK_MESSAGES.urlHint}
          error={fieldError("url")}
          name="url"
          type="url"
          required
          maxLength={WEBHOOK_LIMITS.url}
          className="w-full max-w-xl"
        />
        <TextField
          id="webhook-description"
          label={WEBHOOK_MESSAGES.description}
          error={fieldError("description")}
          name="description"
          type="text"
          maxLength={WEBHOOK_LIMITS.description}
          className="w-full max-w-xl"
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{WEBHOOK_MESSAGES.events}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <div key={event} className="flex items-center gap-2">
              <input
                id={`webhook-event-${event}`}
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={event === "enquiry.created"}
              />
              <label htmlFor={`webhook-event-${event}`}>{WEBHOOK_EVENT_LABELS[event]}</label>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <Plus aria-hidden="true" className="size-5" />
            {WEBHOOK_MESSAGES.add}
          </button>
        </div>
      </Form>

      {loaderData.endpoints.length === 0 ? (
        <p>{WEBHOOK_MESSAGES.noEndpoints}</p>
      ) : (
        loaderData.endpoints.map(({ endpoint, deliveries }) => (
          <section
            key={endpoint.id}
            className="card flex flex-col gap-4"
            aria-label={endpoint.url}
            data-testid="webhook-endpoint"
          >
            <h2 className="h-card break-all">{endpoint.url}</h2>
            {endpoint.description ? <p>{endpoint.description}</p> : null}
            <p className="text-sm">
              {WEBHOOK_MESSAGES.colEvents}: {endpoint.events.join(", ")}
            </p>
            <p className="text-sm font-semibold">
              {WEBHOOK_MESSAGES.colState}:{" "}
              {endpoint.enabled
                ? WEBHOOK_MESSAGES.active
                : endpoint.disabledReason === "gone"
                  ? WEBHOOK_MESSAGES.disabledGone
                  : WEBHOOK_MESSAGES.inactive}
            </p>
            <WebhookSecretRenewed at={endpoint.secretRenewedAt} />
            <div className="flex flex-wrap gap-2">
              <IntentButton
                intent="test"
                id={endpoint.id}
                label={WEBHOOK_MESSAGES.sendTest}
                icon={<Send aria-hidden="true" className="size-4" />}
              />
              <IntentButton
                intent="rotate"
                id={endpoint.id}
                label={WEBHOOK_MESSAGES.rotate}
                icon={<KeyRound aria-hidden="true" className="size-4" />}
              />
              <IntentButton
                intent={endpoint.enabled ? "disable" : "enable"}
                id={endpoint.id}
                label={endpoint.enabled ? WEBHOOK_MESSAGES.disable : WEBHOOK_MESSAGES.enable}
                icon={<Power aria-hidden="true" className="size-4" />}
              />
              <IntentButton
                intent="delete"
                id={endpoint.id}
                danger
                label={WEBHOOK_MESSAGES.remove}
                icon={<Trash2 aria-hidden="true" className="size-4" />}
              />
            </div>
            <DeliveryLog endpoint={endpoint} deliveries={deliveries} />
          </section>
        ))
      )}
    </article>
  );
}
