import {
  formatPence,
  penceAsTyped,
  QUOTE_UNIT_LABELS,
  QUOTE_UNITS,
  VAT_RATE_LABELS,
  VAT_RATES,
} from "@common/pipeline/money";
import type { ServiceView } from "@common/pipeline/quotes";
import type { LostReason } from "@common/pipeline/stages";
import { Archive, ArchiveRestore, Plus, Save, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { pageHeadingClass } from "~/components/admin/styles";
import { inputClass } from "~/components/enquiry/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { refused } from "~/lib/domain-errors.server";
import { pipelineSettingsAction, pipelineSettingsOf } from "~/lib/pipeline/pipeline-settings.server";
import { PIPELINE_SETTINGS_TEXTS as T } from "~/lib/pipeline/pipeline-texts";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/pipeline-settings";

export const meta = adminMeta(T.title);
export const headers = adminHeaders;

/** Desk and Owner see the lists ("enquiries"); the Editor sees none of the pipeline. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  return pipelineSettingsOf(context, admin);
}

/** Only the Owner changes them ("pipeline-settings"): plain forms, without JavaScript as with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "pipeline-settings");
  try {
    return await pipelineSettingsAction(await request.formData(), context, admin);
  } catch (error) {
    return refused(error);
  }
}

function UnitSelect({ value, label, id }: { value?: string; label?: string; id?: string }) {
  return (
    <select id={id} name="unit" aria-label={label} defaultValue={value} className={`${inputClass} h-11`}>
      {QUOTE_UNITS.map((u) => (
        <option key={u} value={u}>
          {QUOTE_UNIT_LABELS[u]}
        </option>
      ))}
    </select>
  );
}

function VatSelect({ value, label, id }: { value?: string; label?: string; id?: string }) {
  return (
    <select id={id} name="vat" aria-label={label} defaultValue={value} className={`${inputClass} h-11`}>
      {VAT_RATES.map((r) => (
        <option key={r} value={r}>
          {VAT_RATE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

/** One service's row for the Owner: every field editable, 'Save service'. */
function ServiceForm({ service, busy }: { service: ServiceView; busy: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="service-save" />
      <input type="hidden" name="id" value={service.id} />
      <input
        name="name"
        defaultValue={service.name}
        aria-label={`${T.service}: ${service.name}`}
        className={inputClass}
      />
      <UnitSelect value={service.unit} label={`${T.unit}: ${service.name}`} />
      <input
        name="price"
        inputMode="decimal"
        defaultValue={penceAsTyped(service.unitPricePence)}
        aria-label={`${T.unitPrice}: ${service.name}`}
        className={`${inputClass} w-28`}
      />
      <VatSelect value={service.vatRate} label={`${T.vat}: ${service.name}`} />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="archived" defaultChecked={service.archived} />
        {T.archived}
      </label>
      <SubmitButton busy={busy} icon={Save}>
        {T.saveService}
        <span className="sr-only"> {service.name}</span>
      </SubmitButton>
    </Form>
  );
}

/** /admin/dashboard/pipeline-settings: the price list, the lost reasons and the quotes' terms. */
export default function PipelineSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { services, reasons, terms, canEdit } = loaderData;
  const busy = useNavigation().state !== "idle";
  const answer = actionData as { ok: boolean; message?: string; error?: string } | undefined;
  const serviceColumns: Array<Column<ServiceView>> = [
    { id: "name", header: T.service, cell: (s) => s.name, rowHeader: true },
    { id: "unit", header: T.unit, cell: (s) => QUOTE_UNIT_LABELS[s.unit] },
    { id: "price", header: T.unitPrice, cell: (s) => formatPence(s.unitPricePence), numeric: true },
    { id: "vat", header: T.vat, cell: (s) => VAT_RATE_LABELS[s.vatRate] },
    { id: "state", header: T.state, cell: (s) => (s.archived ? T.archived : T.active) },
  ];
  const reasonColumns: Array<Column<LostReason>> = [
    { id: "label", header: T.reason, cell: (r) => r.label, rowHeader: true },
    { id: "state", header: T.state, cell: (r) => (r.archived ? T.archived : T.active) },
    ...(canEdit
      ? [
          {
            id: "action",
            header: "",
            cell: (r: LostReason) => (
              <Form method="post">
                <input type="hidden" name="intent" value={r.archived ? "reason-restore" : "reason-archive"} />
                <input type="hidden" name="id" value={r.id} />
                <SubmitButton busy={busy} icon={r.archived ? ArchiveRestore : Archive}>
                  {r.archived ? T.restore(r.label) : T.archive(r.label)}
                </SubmitButton>
              </Form>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className={pageHeadingClass}>{T.title}</h1>
        <p className="mt-2 text-muted">{T.intro}</p>
        {!canEdit && <p className="mt-2 font-semibold">{T.readOnly}</p>}
      </header>
      {answer?.ok && answer.message && (
        <p role="status" className="font-semibold">
          {answer.message}
        </p>
      )}
      {answer && !answer.ok && (
        <p role="alert" className="font-semibold text-[var(--color-danger)]">
          {answer.error}
        </p>
      )}

      <section className="card" aria-labelledby="price-list">
        <h2 id="price-list" className="h-card">
          {T.priceList}
        </h2>
        <DataTable
          caption={T.priceList}
          columns={serviceColumns}
          rows={services}
          rowKey={(s) => s.id}
          empty={T.noServices}
        />
        {canEdit && (
          <div className="mt-4 flex flex-col gap-3">
            {services.map((service) => (
              <ServiceForm key={service.id} service={service} busy={busy} />
            ))}
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="service-add" />
              <label className="flex flex-col gap-1 font-semibold">
                {T.service}
                <input name="name" className={inputClass} />
              </label>
              <div className="flex flex-col gap-1">
                <label htmlFor="new-service-unit" className="font-semibold">
                  {T.unit}
                </label>
                <UnitSelect id="new-service-unit" />
              </div>
              <label className="flex flex-col gap-1 font-semibold">
                {T.unitPrice}
                <input name="price" inputMode="decimal" className={`${inputClass} w-28`} />
              </label>
              <div className="flex flex-col gap-1">
                <label htmlFor="new-service-vat" className="font-semibold">
                  {T.vat}
                </label>
                <VatSelect id="new-service-vat" />
              </div>
              <SubmitButton busy={busy} icon={Plus}>
                {T.addService}
              </SubmitButton>
            </Form>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="lost-reasons">
        <h2 id="lost-reasons" className="h-card">
          {T.reasons}
        </h2>
        <DataTable
          caption={T.reasons}
          columns={reasonColumns}
          rows={reasons}
          rowKey={(r) => r.id}
          empty={T.noReasons}
        />
        {canEdit && (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="reason-add" />
            <label className="flex flex-col gap-1 font-semibold">
              {T.reason}
              <input name="label" className={inputClass} />
            </label>
            <SubmitButton busy={busy} icon={Plus}>
              {T.addReason}
            </SubmitButton>
          </Form>
        )}
      </section>

      <section className="card" aria-labelledby="quote-terms">
        <h2 id="quote-terms" className="h-card">
          {T.terms}
        </h2>
        <p className="mt-2 text-sm text-muted">{T.termsHint}</p>
        {canEdit ? (
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="terms-publish" />
            <label className="flex flex-col gap-1 font-semibold">
              {T.terms}
              <textarea name="terms" rows={6} defaultValue={terms} className={inputClass} />
            </label>
            <SubmitButton busy={busy} icon={Send}>
              {T.publishTerms}
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-3 whitespace-pre-line">{terms}</p>
        )}
      </section>
    </div>
  );
}
