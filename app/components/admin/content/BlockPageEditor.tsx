import {
  ACTION_TARGETS,
  BLOCK_LABELS,
  BLOCK_PAGE_LIMITS,
  BLOCK_TYPES,
  type BlockPageRecord,
  type BlockPageRevision,
  type BlockType,
  LANDING_PAGE_TEXTS as T,
} from "@common/content/block-pages";
import { SITE_DOCUMENT_TEXTS as DRAFT_TEXTS } from "@common/content/site-content/page-messages";
import type { ChangeEvent, ReactNode } from "react";
import { Form } from "react-router";
import { SelectField, TextField } from "~/components/admin/Field";
import { inputClass } from "~/components/enquiry/styles";
import {
  ACTION_BLOCKS,
  countName,
  draftFromForm,
  fileName,
  ITEM_FIELDS,
  PICTURE_BLOCKS,
  TEXT_FIELDS,
} from "~/lib/content/block-page-form";
import { type DraftAnswer, useDraftAutosave } from "~/lib/content/draft-autosave";
import { ukTime } from "~/lib/uk-time";

type Values = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : "");
const MAIN_FORM = "page-editor";
/** The form's controls that are not the page's (the new block's kind, the schedule's time). */
const NOT_THE_PAGE = new Set(["intent", "newBlockType", "at"]);

/** The editor's action's answer (block-page-admin.server.ts): the page as saved, or a refusal. */
type PageAnswer = { ok: true; message?: string; page: BlockPageRecord } | Extract<DraftAnswer, { ok: false }>;

/** A labelled textarea of the editor (label, hint, error, then the control). */
function AreaField({
  id,
  name,
  label,
  error,
  defaultValue,
  maxLength,
  rows = 3,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-[var(--color-danger)]">
          {error}
        </p>
      )}
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={rows}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} w-full`}
      />
    </div>
  );
}

/** A submit button of the main form naming its intent (works without JavaScript, by keyboard). */
function IntentButton({
  intent,
  children,
  label,
  primary = false,
}: {
  intent: string;
  children: ReactNode;
  label?: string;
  primary?: boolean;
}) {
  return (
    <button
      type="submit"
      form={MAIN_FORM}
      name="intent"
      value={intent}
      aria-label={label}
      className={primary ? "btn btn-primary" : "btn btn-outline"}
    >
      {children}
    </button>
  );
}

const LONG: Record<string, number> = {
  heading: BLOCK_PAGE_LIMITS.heading,
  text: BLOCK_PAGE_LIMITS.text,
  html: BLOCK_PAGE_LIMITS.richText,
  alt: BLOCK_PAGE_LIMITS.alt,
  caption: BLOCK_PAGE_LIMITS.caption,
  quote: BLOCK_PAGE_LIMITS.quote,
  name: BLOCK_PAGE_LIMITS.name,
  company: BLOCK_PAGE_LIMITS.name,
  title: BLOCK_PAGE_LIMITS.itemTitle,
  value: BLOCK_PAGE_LIMITS.figureValue,
  label: BLOCK_PAGE_LIMITS.figureLabel,
  question: BLOCK_PAGE_LIMITS.question,
  answer: BLOCK_PAGE_LIMITS.answer,
};
const AREAS = new Set(["text", "html", "quote", "answer"]);

/** One text field of a block or an item, by its dotted path. */
function PathField({
  path,
  field,
  values,
  errors,
}: {
  path: string;
  field: string;
  values: Values;
  errors: Values;
}) {
  const name = `${path}.${field}`;
  const label = T.fieldLabels[field] ?? field;
  const id = name.replace(/\./g, "-");
  const error = str(errors[name]);
  if (AREAS.has(field))
    return (
      <AreaField
        id={id}
        name={name}
        label={label}
        error={error || undefined}
        defaultValue={str(values[field])}
        maxLength={LONG[field] ?? BLOCK_PAGE_LIMITS.text}
        rows={field === "html" ? 8 : 3}
      />
    );
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      error={error || undefined}
      defaultValue={str(values[field])}
      maxLength={LONG[field] ?? BLOCK_PAGE_LIMITS.text}
      className="w-full max-w-xl"
    />
  );
}

/** A picture's stored image id and a file to pick instead (stored by a deliberate save). */
function PictureField({
  path,
  value,
  error,
  label,
}: {
  path: string;
  value: string;
  error?: string;
  label: string;
}) {
  const id = path.replace(/\./g, "-");
  return (
    <div className="flex flex-col gap-2">
      <TextField
        id={id}
        name={path}
        label={label}
        error={error}
        defaultValue={value}
        className="w-full max-w-xl"
      />
      <label htmlFor={`${id}-file`} className="text-sm font-semibold">
        {T.pickFile}
      </label>
      <input id={`${id}-file`} type="file" name={fileName(path)} accept="image/png,image/jpeg" />
    </div>
  );
}

function ActionFields({ path, values, errors }: { path: string; values: Values; errors: Values }) {
  const action = (values.action ?? {}) as Values;
  const id = `${path}-action`.replace(/\./g, "-");
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="font-semibold">{T.actionLabel}</legend>
      <TextField
        id={`${id}-label`}
        name={`${path}.action.label`}
        label={T.actionLabel}
        error={str(errors[`${path}.action.label`]) || undefined}
        defaultValue={str(action.label)}
        maxLength={BLOCK_PAGE_LIMITS.actionLabel}
        className="w-full max-w-md"
      />
      <SelectField
        id={`${id}-target`}
        name={`${path}.action.target`}
        label={T.actionTarget}
        error={str(errors[`${path}.action.target`]) || undefined}
        defaultValue={str(action.target) || "quote"}
        className="w-full max-w-xs"
      >
        {ACTION_TARGETS.map((target) => (
          <option key={target} value={target}>
            {T.actionTargets[target]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-phone`}
        name={`${path}.action.phone`}
        label={T.actionPhone}
        error={str(errors[`${path}.action.phone`]) || undefined}
        defaultValue={str(action.phone)}
        maxLength={BLOCK_PAGE_LIMITS.phone}
        className="w-full max-w-xs"
      />
      <TextField
        id={`${id}-path`}
        name={`${path}.action.path`}
        label={T.actionPath}
        error={str(errors[`${path}.action.path`]) || undefined}
        defaultValue={str(action.path)}
        maxLength={BLOCK_PAGE_LIMITS.address}
        className="w-full max-w-md"
      />
    </fieldset>
  );
}

/** One block's fields and its buttons: Move up, Move down, Duplicate block, Remove block. */
function BlockFields({
  block,
  index,
  total,
  errors,
}: {
  block: Values;
  index: number;
  total: number;
  errors: Values;
}) {
  const type = str(block.type) as BlockType;
  const path = `blocks.${index}`;
  const headingId = `block-${index}-heading`;
  const label = BLOCK_LABELS[type] ?? type;
  const items = Array.isArray(block.items) ? (block.items as Values[]) : [];
  const itemFields = ITEM_FIELDS[type];
  const blockError = str(errors[path]) || str(errors[`${path}.items`]) || str(errors[`${path}.type`]);
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4">
      <h3 id={headingId} className="h-card">
        {T.blockHeading(index + 1, label)}
      </h3>
      {blockError && <p className="text-sm font-semibold text-[var(--color-danger)]">{blockError}</p>}
      <input type="hidden" name={`${path}.type`} value={type} form={MAIN_FORM} />
      {PICTURE_BLOCKS.includes(type) && (
        <PictureField
          path={`${path}.imageId`}
          value={str(block.imageId)}
          error={str(errors[`${path}.imageId`]) || undefined}
          label={T.imageId}
        />
      )}
      {(TEXT_FIELDS[type] ?? []).map((field) => (
        <PathField key={field} path={path} field={field} values={block} errors={errors} />
      ))}
      {ACTION_BLOCKS.includes(type) && <ActionFields path={path} values={block} errors={errors} />}
      {itemFields && (
        <fieldset className="flex flex-col gap-3">
          <legend className="font-semibold">{label}</legend>
          <input type="hidden" name={countName(`${path}.items`)} value={items.length} />
          {items.map((item, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
            <div key={j} className="flex flex-col gap-2 rounded-lg border border-border p-3">
              <p className="font-semibold">{T.itemHeading(j + 1)}</p>
              {itemFields.map((field) =>
                field === "imageId" ? (
                  <PictureField
                    key={field}
                    path={`${path}.items.${j}.imageId`}
                    value={str(item.imageId)}
                    error={str(errors[`${path}.items.${j}.imageId`]) || undefined}
                    label={T.imageId}
                  />
                ) : (
                  <PathField
                    key={field}
                    path={`${path}.items.${j}`}
                    field={field}
                    values={item}
                    errors={errors}
                  />
                ),
              )}
              <div>
                <IntentButton
                  intent={`remove-item:${index}:${j}`}
                  label={`${T.removeItem} ${j + 1} (${T.blockHeading(index + 1, label)})`}
                >
                  {T.removeItem}
                </IntentButton>
              </div>
            </div>
          ))}
          <div>
            <IntentButton
              intent={`add-item:${index}`}
              label={`${T.addItem} (${T.blockHeading(index + 1, label)})`}
            >
              {T.addItem}
            </IntentButton>
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        {index > 0 && (
          <IntentButton
            intent={`move-up:${index}`}
            label={`${T.moveUp}: ${T.blockHeading(index + 1, label)}`}
          >
            {T.moveUp}
          </IntentButton>
        )}
        {index < total - 1 && (
          <IntentButton
            intent={`move-down:${index}`}
            label={`${T.moveDown}: ${T.blockHeading(index + 1, label)}`}
          >
            {T.moveDown}
          </IntentButton>
        )}
        <IntentButton
          intent={`duplicate:${index}`}
          label={`${T.duplicateBlock}: ${T.blockHeading(index + 1, label)}`}
        >
          {T.duplicateBlock}
        </IntentButton>
        <IntentButton
          intent={`remove:${index}`}
          label={`${T.removeBlock}: ${T.blockHeading(index + 1, label)}`}
        >
          {T.removeBlock}
        </IntentButton>
      </div>
    </section>
  );
}

/**
 * The editor of one page from blocks: its own fields, its blocks with their buttons, 'Add block',
 * 'Save draft', 'Preview', 'Publish' (now or at a time), 'Unpublish', and beside the main form
 * 'Duplicate page', 'Delete page' and the revisions. Every button is a real submit button: the
 * whole editor works without JavaScript and by keyboard.
 */
export function BlockPageEditor({
  page,
  revisions,
  fieldErrors = {},
}: {
  page: BlockPageRecord;
  revisions: BlockPageRevision[];
  fieldErrors?: Record<string, string>;
}) {
  // Autosave, the words kept in the tab and a colleague's save refused: the site documents' rule.
  const saving = useDraftAutosave<PageAnswer>({
    tabKey: `block-page:${page.id}`,
    saved: page,
    savedOf: (answer) => answer.page,
  });
  const { busy, formRef } = saving;
  const draft = saving.drawn.value as Values;
  const errors: Values = { ...page.issues, ...fieldErrors };
  const blocks = Array.isArray(draft.blocks) ? (draft.blocks as Values[]) : [];
  const area = (draft.area ?? null) as Values | null;
  const autosaveRefused = saving.autosaveRefusal;
  /** A control of the page changed: the draft is the form as it stands. */
  const typed = (event: ChangeEvent<HTMLFormElement>) => {
    saving.onFormChange(event);
    const input = event.target as unknown as HTMLInputElement;
    if (!input.name || NOT_THE_PAGE.has(input.name) || input.type === "file" || !formRef.current) return;
    saving.typed(input.name, draftFromForm(new FormData(formRef.current)));
  };
  const issues = Object.entries(errors);
  return (
    <div className="flex flex-col gap-6">
      <p role="status" id="page-save-status" className="min-h-5 text-sm text-muted">
        {saving.saveStatus === "saving"
          ? DRAFT_TEXTS.saving
          : saving.saveStatus === "saved"
            ? DRAFT_TEXTS.saved
            : ""}
      </p>
      <div aria-live="polite" className="flex flex-col gap-2">
        {saving.restored && <p className="card font-semibold">{DRAFT_TEXTS.restoredFromTab}</p>}
        {autosaveRefused && (
          <p role="alert" className="card font-semibold text-[var(--color-danger)]">
            {autosaveRefused.error}
          </p>
        )}
      </div>
      {issues.length > 0 && (
        <section aria-labelledby="page-issues" className="card">
          <h2 id="page-issues" className="h-card">
            {T.issuesHeading}
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {issues.map(([path, message]) => (
              <li key={path}>
                <code>{path}</code>: {str(message)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* The key: drawn again from the draft when an answer changed it (after a move, say); an
          autosave's answer does not redraw it (what is typed meanwhile stays where it is). */}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        id={MAIN_FORM}
        key={saving.drawn.times}
        onChange={typed}
        className="flex flex-col gap-6"
        aria-busy={busy}
      >
        <input type="hidden" name="baseVersion" value={saving.version} />
        <input type="hidden" name={countName("blocks")} value={blocks.length} />
        <fieldset className="card flex flex-col gap-4">
          <legend className="h-card">{T.pageFields}</legend>
          <TextField
            id="page-address"
            name="address"
            label={T.address}
            hint={T.addressHint}
            error={str(errors.address) || undefined}
            defaultValue={str(draft.address)}
            maxLength={BLOCK_PAGE_LIMITS.address}
            className="w-full max-w-xl"
          />
          <TextField
            id="page-title"
            name="title"
            label={T.title}
            hint={T.titleHint}
            error={str(errors.title) || undefined}
            defaultValue={str(draft.title)}
            maxLength={BLOCK_PAGE_LIMITS.title}
            className="w-full max-w-xl"
          />
          <AreaField
            id="page-description"
            name="description"
            label={T.description}
            error={str(errors.description) || undefined}
            defaultValue={str(draft.description)}
            maxLength={BLOCK_PAGE_LIMITS.description}
          />
          <PictureField
            path="socialImageId"
            value={str(draft.socialImageId)}
            error={str(errors.socialImageId) || undefined}
            label={T.socialImage}
          />
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" name="noindex" defaultChecked={draft.noindex === true} />
            {T.noindex}
          </label>
          <TextField
            id="page-canonical"
            name="canonical"
            label={T.canonical}
            hint={T.canonicalHint}
            error={str(errors.canonical) || undefined}
            defaultValue={str(draft.canonical)}
            className="w-full max-w-xl"
          />
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" name="area.on" defaultChecked={area !== null} />
            {T.hasArea}
          </label>
          <TextField
            id="page-area-name"
            name="area.name"
            label={T.areaName}
            error={str(errors["area.name"]) || undefined}
            defaultValue={str(area?.name)}
            maxLength={BLOCK_PAGE_LIMITS.areaName}
            className="w-full max-w-md"
          />
          <TextField
            id="page-area-districts"
            name="area.districts"
            label={T.districts}
            hint={T.districtsHint}
            error={str(errors["area.districts"]) || undefined}
            defaultValue={Array.isArray(area?.districts) ? area.districts.join(", ") : str(area?.districts)}
            className="w-full max-w-md"
          />
        </fieldset>

        <section aria-labelledby="page-blocks" className="flex flex-col gap-4">
          <h2 id="page-blocks" className="h-card">
            {T.blocks}
          </h2>
          {blocks.map((block, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
            <BlockFields key={index} block={block} index={index} total={blocks.length} errors={errors} />
          ))}
          <div className="card flex flex-wrap items-end gap-3">
            <SelectField id="new-block-type" name="newBlockType" label={T.newBlockType} defaultValue="hero">
              {BLOCK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BLOCK_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <IntentButton intent="add-block">{T.addBlock}</IntentButton>
          </div>
        </section>

        <div className="card flex flex-wrap items-end gap-3">
          <IntentButton intent="save">{T.saveDraft}</IntentButton>
          <IntentButton intent="preview">{T.preview}</IntentButton>
          <IntentButton intent="publish" primary>
            {T.publish}
          </IntentButton>
          <TextField
            id="page-publish-at"
            name="at"
            type="datetime-local"
            label={T.publishAt}
            error={str(errors.at) || undefined}
          />
          <IntentButton intent="schedule">{T.schedule}</IntentButton>
          {page.publishAt && <IntentButton intent="cancel-schedule">{T.cancelSchedule}</IntentButton>}
          {page.published && <IntentButton intent="unpublish">{T.unpublish}</IntentButton>}
        </div>
      </Form>

      <Form method="post" className="card flex flex-wrap items-end gap-3" aria-label={T.duplicatePage}>
        <input type="hidden" name="intent" value="duplicate" />
        <TextField
          id="duplicate-address"
          name="duplicateAddress"
          label={T.duplicateAddress}
          hint={T.addressHint}
          maxLength={BLOCK_PAGE_LIMITS.address}
          required
        />
        <button type="submit" className="btn btn-outline">
          {T.duplicatePage}
        </button>
      </Form>

      <Form method="post" className="card flex flex-wrap items-end gap-3" aria-label={T.deletePage}>
        <input type="hidden" name="intent" value="delete" />
        <TextField
          id="delete-redirect"
          name="redirectTo"
          label={T.deleteRedirect}
          maxLength={BLOCK_PAGE_LIMITS.address}
        />
        <button type="submit" className="btn btn-outline text-[var(--color-danger)]">
          {T.deletePage}
        </button>
      </Form>

      <section aria-labelledby="page-revisions" className="card flex flex-col gap-3">
        <h2 id="page-revisions" className="h-card">
          {T.revisions}
        </h2>
        {revisions.length === 0 ? (
          <p className="text-muted">{T.noRevisions}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {revisions.map((revision) => (
              <li key={revision.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {ukTime(revision.savedAt)} · {revision.savedBy} · {revision.reason} · {revision.title}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <button
                    type="submit"
                    className="btn btn-outline"
                    aria-label={T.restoreLabel(ukTime(revision.savedAt))}
                  >
                    {T.restore}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
