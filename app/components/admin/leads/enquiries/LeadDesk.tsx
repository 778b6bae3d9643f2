import { LEAD_MESSAGES } from "@common/admin-messages";
import type { TimelineEntry } from "@common/leads/enquiry-inbox";
import { STATUS_LABELS } from "@common/leads/enquiry-labels";
import { PRIVACY_MESSAGES } from "@common/leads/privacy";
import { quoteEvent } from "@common/pipeline/quote-words";
import { STAGE_LABELS, STAGE_MESSAGES, type Stage } from "@common/pipeline/stages";
import { MessageSquarePlus, Pencil, Save, Send, UserCheck } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { inputClass } from "~/components/enquiry/styles";
import { ukTime } from "~/lib/uk-time";

const busyGuard = (busy: boolean) => (event: { preventDefault(): void }) => busy && event.preventDefault();

/** 'Assigned to': saved as soon as a colleague is chosen; the button is for the page without JavaScript. */
export function Assignment({
  assignedTo,
  colleagues,
  busy,
}: {
  assignedTo: { id: string; email: string } | null;
  colleagues: Array<{ id: string; email: string }>;
  busy: boolean;
}) {
  const submit = useSubmit();
  return (
    <section className="card" aria-labelledby="enquiry-assignee-label">
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="assign" />
        <div className="flex min-w-40 flex-1 flex-col gap-2">
          <label id="enquiry-assignee-label" htmlFor="enquiry-assignee" className="h-card">
            {LEAD_MESSAGES.assignedTo}
          </label>
          <select
            id="enquiry-assignee"
            name="assignee"
            key={assignedTo?.id ?? ""}
            defaultValue={assignedTo?.id ?? ""}
            onChange={(event) => submit(event.currentTarget.form)}
            className={`${inputClass} h-11`}
          >
            <option value="">{LEAD_MESSAGES.nobody}</option>
            {colleagues.map((colleague) => (
              <option key={colleague.id} value={colleague.id}>
                {colleague.email}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={busy} icon={UserCheck}>
          {LEAD_MESSAGES.saveAssignment}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** A note's text box and its button. */
function NoteFields({ id, label, defaultValue = "" }: { id: string; label: string; defaultValue?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <textarea id={id} name="text" rows={3} defaultValue={defaultValue} className={inputClass} />
    </div>
  );
}

/** 'Add note': plain text for colleagues, kept in the timeline. The box empties once it is added. */
export function Notes({ busy, count }: { busy: boolean; count: number }) {
  return (
    <section className="card" aria-labelledby="enquiry-notes">
      <h2 id="enquiry-notes" className="h-card">
        {LEAD_MESSAGES.addNote}
      </h2>
      <Form method="post" key={count} className="mt-3 flex flex-col gap-3" onSubmit={busyGuard(busy)}>
        <input type="hidden" name="intent" value="note" />
        <NoteFields id="enquiry-note" label={LEAD_MESSAGES.note} />
        <button type="submit" className="btn btn-primary self-start" aria-disabled={busy}>
          <MessageSquarePlus aria-hidden="true" className="size-5" />
          {LEAD_MESSAGES.addNote}
        </button>
      </Form>
    </section>
  );
}

/**
 * 'Reply to the visitor': plain text mailed from the office's address, kept in the timeline.
 * Only for an enquiry with an e-mail address.
 */
export function Reply({ busy, count, to }: { busy: boolean; count: number; to: string }) {
  return (
    <section className="card" aria-labelledby="enquiry-reply-heading">
      <h2 id="enquiry-reply-heading" className="h-card">
        {LEAD_MESSAGES.reply}
      </h2>
      <p id="enquiry-reply-hint" className="mt-1 text-sm text-muted">
        {LEAD_MESSAGES.replyHint} {LEAD_MESSAGES.replyTo(to)}
      </p>
      <Form method="post" key={count} className="mt-3 flex flex-col gap-3" onSubmit={busyGuard(busy)}>
        <input type="hidden" name="intent" value="reply" />
        <label htmlFor="enquiry-reply" className="sr-only">
          {LEAD_MESSAGES.reply}
        </label>
        <textarea
          id="enquiry-reply"
          name="text"
          rows={5}
          aria-describedby="enquiry-reply-hint"
          className={inputClass}
        />
        <button type="submit" className="btn btn-primary self-start" aria-disabled={busy}>
          <Send aria-hidden="true" className="size-5" />
          {LEAD_MESSAGES.sendReply}
        </button>
      </Form>
    </section>
  );
}

/** What an entry says happened. */
function describe(entry: TimelineEntry): string {
  const { from, to, text } = entry.data;
  switch (entry.type) {
    case "status":
      return LEAD_MESSAGES.statusChanged(
        STATUS_LABELS[from as keyof typeof STATUS_LABELS] ?? from,
        STATUS_LABELS[to as keyof typeof STATUS_LABELS] ?? to,
      );
    case "assign":
      return LEAD_MESSAGES.assigned(to ?? null);
    case "note":
      return text ?? "";
    case "reply":
      return text ?? "";
    case "erased":
      return PRIVACY_MESSAGES.erasedEvent;
    case "stage":
      // An erased enquiry's stage entries are tombstones ({text}).
      if (text) return text;
      return STAGE_MESSAGES.stageChanged(
        STAGE_LABELS[from as Stage] ?? from ?? "",
        STAGE_LABELS[to as Stage] ?? to ?? "",
        entry.data.note ?? null,
      );
    case "quote":
      return quoteEvent(entry.data);
  }
}

/** One of the author's own notes, in place, with 'Save note' and 'Cancel'. */
function EditNote({ entry, busy, onDone }: { entry: TimelineEntry; busy: boolean; onDone(): void }) {
  return (
    <Form method="post" className="mt-2 flex flex-col gap-3" onSubmit={busyGuard(busy)}>
      <input type="hidden" name="intent" value="edit-note" />
      <input type="hidden" name="noteId" value={entry.id} />
      <NoteFields
        id={`edit-${entry.id}`}
        label={LEAD_MESSAGES.editNote}
        defaultValue={entry.data.text ?? ""}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          <Save aria-hidden="true" className="size-5" />
          {LEAD_MESSAGES.saveNote}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {LEAD_MESSAGES.cancel}
        </button>
      </div>
    </Form>
  );
}

/** Who did what, newest first: status changes, notes (their author may edit them) and assignments. */
export function Timeline({ entries, me, busy }: { entries: TimelineEntry[]; me: string; busy: boolean }) {
  const [editing, setEditing] = useState<string>();
  return (
    <section className="card" aria-labelledby="enquiry-timeline">
      <h2 id="enquiry-timeline" className="h-card">
        {LEAD_MESSAGES.timeline}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted">{LEAD_MESSAGES.timelineEmpty}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-4">
          {entries.map((entry) => {
            const note = entry.type === "note";
            // Notes and replies are what someone wrote: shown as written, under their kind.
            const written = note || entry.type === "reply";
            // Keyed by the version too: once the edit is saved the note shows again.
            const version = `${entry.id}-${entry.editedAt ?? ""}`;
            const editingThis = editing === version;
            return (
              <li key={version} className="border-l-2 border-border pl-3">
                <p className="text-sm text-muted">
                  <time dateTime={entry.at} className="font-semibold text-text">
                    {ukTime(entry.at)}
                  </time>{" "}
                  · {entry.by ?? LEAD_MESSAGES.system}
                  {entry.editedAt && ` · ${LEAD_MESSAGES.edited(ukTime(entry.editedAt))}`}
                </p>
                {written && (
                  <p className="text-sm font-semibold">{note ? LEAD_MESSAGES.note : LEAD_MESSAGES.replied}</p>
                )}
                {editingThis ? (
                  <EditNote entry={entry} busy={busy} onDone={() => setEditing(undefined)} />
                ) : (
                  <p
                    id={`entry-${entry.id}`}
                    className={`break-words ${written ? "whitespace-pre-wrap" : "font-semibold"}`}
                  >
                    {describe(entry)}
                  </p>
                )}
                {note && entry.byId === me && !editingThis && (
                  <button
                    type="button"
                    className="btn btn-ghost mt-2"
                    aria-describedby={`entry-${entry.id}`}
                    onClick={() => setEditing(version)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {LEAD_MESSAGES.editNote}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
