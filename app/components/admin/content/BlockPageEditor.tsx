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
import { SelectField, TextAreaField, TextField } from "~/components/admin/Field";
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

/** A control's id, name, message and value for the draft's field at a dotted path. */
function bound(name: string, value: unknown, errors: Values) {
  return {
    id: `field-${name.replace(/\./g, "-")}`,
    name,
    error: str(errors[name]) || undefined,
    defaultValue: str(value),
  };
}

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
  const props = {
    ...bound(`${path}.${field}`, values[field], errors),
    label: T.fieldLabels[field] ?? field,
    maxLength: LONG[field] ?? BLOCK_PAGE_LIMITS.text,
  };
  return AREAS.has(field) ? (
    <TextAreaField {...props} rows={field === "html" ? 8 : 3} className="w-full" />
  ) : (
    <TextField {...props} className="w-full max-w-xl" />
  );
}

/** A picture's stored image id and a file to pick instead (stored by a deliberate save). */
function PictureField({ path, value, errors }: { path: string; value: unknown; errors: Values }) {
  const props = bound(path, value, errors);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        {...props}
        label={path === "socialImageId" ? T.socialImage : T.imageId}
        className="w-full max-w-xl"
      />
      <label htmlFor={`${props.id}-file`} className="text-sm font-semibold">
        {T.pickFile}
      </label>
      <input id={`${props.id}-file`} type="file" name={fileName(path)} accept="image/png,image/jpeg" />
    </div>
  );
}

/** The button's fields of a hero or a call to action: its words, where it goes, a phone or a path. */
const ACTION_INPUTS = [
  { field: "label", label: T.actionLabel, max: BLOCK_PAGE_LIMITS.actionLabel, width: "max-w-md" },
  { field: "phone", label: T.actionPhone, max: BLOCK_PAGE_LIMITS.phone, width: "max-w-xs" },
  { field: "path", label: T.actionPath, max: BLOCK_PAGE_LIMITS.address, width: "max-w-md" },
] as const;

function ActionFields({ path, values, errors }: { path: string; values: Values; errors: Values }) {
  const action = (values.action ?? {}) as Values;
  const input = (field: string) => bound(`${path}.action.${field}`, action[field], errors);
  const [words, ...rest] = ACTION_INPUTS.map(({ field, label, max, width }) => (
    <TextField key={field} {...input(field)} label={label} maxLength={max} className={`w-full ${width}`} />
  ));
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="font-semibold">{T.actionLabel}</legend>
      {words}
      <SelectField
        {...input("target")}
        defaultValue={str(action.target) || "quote"}
        label={T.actionTarget}
        className="w-full max-w-xs"
      >
        {ACTION_TARGETS.map((target) => (
          <option key={target} value={target}>
            {T.actionTargets[target]}
          </option>
        ))}
      </SelectField>
      {rest}
    </fieldset>
  );
}

/** What each entry of an `EntryList` may do: the intents of its buttons (none where it cannot). */
interface EntryIntents {
  up?: string;
  down?: string;
  duplicate?: string;
  remove: string;
}

/**
 * One list of the editor, the page's blocks or a block's items: each entry under its heading, drawn
 * by `children`, with its buttons (Move up, Move down, Duplicate, Remove) and 'Add' after them.
 * Every button is a submit button of the main form naming its intent and, for a screen reader,
 * the entry it acts on: the list works without JavaScript and by keyboard.
 */
function EntryList<E>({
  entries,
  idPrefix,
  title,
  within,
  intents,
  labels,
  add,
  level,
  className,
  children,
}: {
  entries: E[];
  /** Each entry's heading's id is `<idPrefix>-<index>`. */
  idPrefix: string;
  /** The entry's heading (each button's accessible name carries it). */
  title(index: number): string;
  /** What the list is in, for the buttons' names (the block of an item). */
  within?: string;
  intents(index: number): EntryIntents;
  labels: { duplicate?: string; remove: string };
  /** The control that adds an entry (a button, or a choice and a button). */
  add?: ReactNode;
  level: 3 | 4;
  className: string;
  children(entry: E, index: number): ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const last = entries.length - 1;
  return (
    <>
      {entries.map((entry, index) => {
        const heading = title(index);
        const id = `${idPrefix}-${index}`;
        const named = within ? `${heading} (${within})` : heading;
        const { up, down, duplicate, remove } = intents(index);
        const buttons: Array<[string | undefined, string]> = [
          [index > 0 ? up : undefined, T.moveUp],
          [index < last ? down : undefined, T.moveDown],
          [duplicate, labels.duplicate ?? ""],
          [remove, labels.remove],
        ];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place
          <section key={index} aria-labelledby={id} className={className}>
            <Heading id={id} className={level === 3 ? "h-card" : "font-semibold"}>
              {heading}
            </Heading>
            {children(entry, index)}
            <div className="flex flex-wrap gap-2">
              {buttons.map(([intent, words]) =>
                intent ? (
                  <IntentButton key={intent} intent={intent} label={`${words}: ${named}`}>
                    {words}
                  </IntentButton>
                ) : null,
              )}
            </div>
          </section>
        );
      })}
      {add}
    </>
  );
}

/** One block's fields: its picture, its words, its button and its items (an `EntryList`). */
function BlockFields({ block, index, errors }: { block: Values; index: number; errors: Values }) {
  const type = str(block.type) as BlockType;
  const path = `blocks.${index}`;
  const blockTitle = T.blockHeading(index + 1, BLOCK_LABELS[type] ?? type);
  const items = Array.isArray(block.items) ? (block.items as Values[]) : [];
  const itemFields = ITEM_FIELDS[type];
  const blockError = str(errors[path]) || str(errors[`${path}.items`]) || str(errors[`${path}.type`]);
  return (
    <>
      {blockError && <p className="text-sm font-semibold text-[var(--color-danger)]">{blockError}</p>}
      <input type="hidden" name={`${path}.type`} value={type} form={MAIN_FORM} />
      {PICTURE_BLOCKS.includes(type) && (
        <PictureField path={`${path}.imageId`} value={block.imageId} errors={errors} />
      )}
      {(TEXT_FIELDS[type] ?? []).map((field) => (
        <PathField key={field} path={path} field={field} values={block} errors={errors} />
      ))}
      {ACTION_BLOCKS.includes(type) && <ActionFields path={path} values={block} errors={errors} />}
      {itemFields && (
        <fieldset className="flex flex-col gap-3">
          <legend className="font-semibold">{BLOCK_LABELS[type]}</legend>
          <input type="hidden" name={countName(`${path}.items`)} value={items.length} />
          <EntryList
            entries={items}
            level={4}
            className="flex flex-col gap-2 rounded-lg border border-border p-3"
            idPrefix={`block-${index}-item`}
            title={(j) => T.itemHeading(j + 1)}
            within={blockTitle}
            intents={(j) => ({
              up: `move-item-up:${index}:${j}`,
              down: `move-item-down:${index}:${j}`,
              remove: `remove-item:${index}:${j}`,
            })}
            labels={{ remove: T.removeItem }}
            add={
              <div>
                <IntentButton intent={`add-item:${index}`} label={`${T.addItem} (${blockTitle})`}>
                  {T.addItem}
                </IntentButton>
              </div>
            }
          >
            {(item, j) =>
              itemFields.map((field) =>
                field === "imageId" ? (
                  <PictureField
                    key={field}
                    path={`${path}.items.${j}.imageId`}
                    value={item.imageId}
                    errors={errors}
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
              )
            }
          </EntryList>
        </fieldset>
      )}
    </>
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
  const districts = Array.isArray(area?.districts) ? area.districts.join(", ") : area?.districts;
  /** The page's own field: its control's id is `page-<name>`. */
  const pageField = (name: string) => ({ ...bound(name, draft[name], errors), id: `page-${name}` });
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
            {...pageField("address")}
            label={T.address}
            hint={T.addressHint}
            maxLength={BLOCK_PAGE_LIMITS.address}
            className="w-full max-w-xl"
          />
          <TextField
            {...pageField("title")}
            label={T.title}
            hint={T.titleHint}
            maxLength={BLOCK_PAGE_LIMITS.title}
            className="w-full max-w-xl"
          />
          <TextAreaField
            {...pageField("description")}
            label={T.description}
            maxLength={BLOCK_PAGE_LIMITS.description}
            rows={3}
            className="w-full"
          />
          <PictureField path="socialImageId" value={draft.socialImageId} errors={errors} />
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" name="noindex" defaultChecked={draft.noindex === true} />
            {T.noindex}
          </label>
          <TextField
            {...pageField("canonical")}
            label={T.canonical}
            hint={T.canonicalHint}
            className="w-full max-w-xl"
          />
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" name="area.on" defaultChecked={area !== null} />
            {T.hasArea}
          </label>
          <TextField
            {...bound("area.name", area?.name, errors)}
            id="page-area-name"
            label={T.areaName}
            maxLength={BLOCK_PAGE_LIMITS.areaName}
            className="w-full max-w-md"
          />
          <TextField
            {...bound("area.districts", districts, errors)}
            id="page-area-districts"
            label={T.districts}
            hint={T.districtsHint}
            className="w-full max-w-md"
          />
        </fieldset>

        <section aria-labelledby="page-blocks" className="flex flex-col gap-4">
          <h2 id="page-blocks" className="h-card">
            {T.blocks}
          </h2>
          <EntryList
            entries={blocks}
            level={3}
            idPrefix="block"
            className="card flex flex-col gap-4"
            title={(index) =>
              T.blockHeading(index + 1, BLOCK_LABELS[str(blocks[index]?.type) as BlockType] ?? "")
            }
            intents={(index) => ({
              up: `move-up:${index}`,
              down: `move-down:${index}`,
              duplicate: `duplicate:${index}`,
              remove: `remove:${index}`,
            })}
            labels={{ duplicate: T.duplicateBlock, remove: T.removeBlock }}
            add={
              <div className="card flex flex-wrap items-end gap-3">
                <SelectField
                  id="new-block-type"
                  name="newBlockType"
                  label={T.newBlockType}
                  defaultValue="hero"
                >
                  {BLOCK_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {BLOCK_LABELS[type]}
                    </option>
                  ))}
                </SelectField>
                <IntentButton intent="add-block">{T.addBlock}</IntentButton>
              </div>
            }
          >
            {(block, index) => <BlockFields block={block} index={index} errors={errors} />}
          </EntryList>
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
