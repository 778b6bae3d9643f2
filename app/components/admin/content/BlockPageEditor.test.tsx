import { BLOCK_LABELS, type BlockPageRecord, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { applyStructure, draftFromForm, structureIntent } from "~/lib/content/block-page-form";
import { BlockPageEditor } from "./BlockPageEditor";

const page: BlockPageRecord = {
  id: "00000000-0000-4000-8000-000000000001",
  address: "/bakery-waste",
  state: "draft",
  draft: {
    address: "/bakery-waste",
    title: "Bakery waste",
    blocks: [
      { type: "hero", heading: "Bakery waste, collected", text: "", imageId: "", alt: "" },
      {
        type: "faq",
        heading: "",
        items: [
          { question: "Which bins?", answer: "" },
          { question: "How often?", answer: "Weekly" },
        ],
      },
    ],
  },
  issues: { "blocks.1.items.0.answer": "Its answer is required" },
  published: null,
  publishedAt: null,
  publishAt: null,
  version: 3,
  updatedAt: "2026-12-01T10:00:00.000Z",
  updatedBy: "editor@example.co.uk",
};

function Editor() {
  return <BlockPageEditor page={page} revisions={[]} />;
}
const Stub = createRoutesStub([{ path: "/editor", Component: Editor }]);
const rendered = () => renderToStaticMarkup(<Stub initialEntries={["/editor"]} />);

describe("the block page editor", () => {
  it("draws every button as a real submit button naming its intent, and each field by its path", () => {
    const html = rendered();
    for (const intent of [
      "add-block",
      "save",
      "preview",
      "publish",
      "schedule",
      "move-down:0",
      "move-up:1",
      "duplicate:0",
      "remove:1",
      "add-item:1",
      "remove-item:1:0",
      "move-item-down:1:0",
      "move-item-up:1:1",
    ])
      expect(html, intent).toMatch(
        new RegExp(`<button type="submit"[^>]*value="${intent}"[^>]*name="intent"`),
      );
    for (const words of [T.addBlock, T.saveDraft, T.preview, T.publish, T.deletePage, T.duplicatePage])
      expect(html).toContain(`>${words}</button>`);
    expect(html).toContain(`>${BLOCK_LABELS.faq}</option>`);
    expect(html).toContain('name="blocks.1.items.0.question" value="Which bins?"');
    expect(html).toContain('name="baseVersion" value="3"');
    expect(html).toContain("Its answer is required");
    // One list shape for blocks and items: no Move up on the first, no Move down on the last.
    for (const intent of ["move-up:0", "move-down:1", "move-item-up:1:0", "move-item-down:1:1"])
      expect(html, intent).not.toContain(`value="${intent}"`);
    // Each button names the entry it acts on, for a screen reader.
    expect(html).toContain(
      `aria-label="${T.moveDown}: ${T.itemHeading(1)} (${T.blockHeading(2, BLOCK_LABELS.faq)})"`,
    );
    expect(html).toContain(`aria-label="${T.duplicateBlock}: ${T.blockHeading(1, BLOCK_LABELS.hero)}"`);
  });

  it("moves an item within its block, and nothing out of range", () => {
    const draft = {
      blocks: [
        { type: "faq", heading: "", items: [{ question: "A" }, { question: "B" }, { question: "C" }] },
      ],
    };
    const questions = (d: Record<string, unknown>) =>
      ((d.blocks as Array<{ items: Array<{ question: string }> }>)[0]?.items ?? []).map((i) => i.question);
    const form = new FormData();
    const up = structureIntent("move-item-up:0:2", form);
    expect(up).toEqual({ kind: "move-item-up", block: 0, item: 2 });
    expect(questions(applyStructure(draft, up ?? { kind: "remove", block: 9 }))).toEqual(["A", "C", "B"]);
    expect(questions(applyStructure(draft, { kind: "move-item-down", block: 0, item: 0 }))).toEqual([
      "B",
      "A",
      "C",
    ]);
    expect(questions(applyStructure(draft, { kind: "move-item-up", block: 0, item: 0 }))).toEqual([
      "A",
      "B",
      "C",
    ]);
    expect(questions(applyStructure(draft, { kind: "move-item-down", block: 0, item: 2 }))).toEqual([
      "A",
      "B",
      "C",
    ]);
    expect(structureIntent("move-item-up:0:x", form)).toBeUndefined();
  });

  it("reads the form back as the draft, and applies the structural buttons", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      address: "/bakery-waste",
      title: "Bakery waste",
      "blocks.count": "2",
      "blocks.0.type": "call-to-action",
      "blocks.0.heading": "Call",
      "blocks.0.action.label": "Call us",
      "blocks.0.action.target": "phone",
      "blocks.0.action.phone": "01733 555 014",
      "blocks.1.type": "figures",
      "blocks.1.items.count": "1",
      "blocks.1.items.0.value": "98%",
      "blocks.1.items.0.label": "diverted",
      "area.on": "on",
      "area.name": "Ely",
      "area.districts": "CB6, CB7",
      newBlockType: "testimonial",
    }))
      form.set(name, value);
    const draft = draftFromForm(form);
    expect(draft).toMatchObject({
      area: { name: "Ely", districts: "CB6, CB7" },
      noindex: false,
      blocks: [
        { type: "call-to-action", action: { label: "Call us", target: "phone", phone: "01733 555 014" } },
        { type: "figures", items: [{ value: "98%", label: "diverted" }] },
      ],
    });
    const added = applyStructure(
      draft,
      structureIntent("add-block", form) ?? { kind: "add-block", type: "hero" },
    );
    expect((added.blocks as Array<{ type: string }>).map((b) => b.type)).toEqual([
      "call-to-action",
      "figures",
      "testimonial",
    ]);
    const down = applyStructure(draft, { kind: "move-down", block: 0 });
    expect((down.blocks as Array<{ type: string }>).map((b) => b.type)).toEqual([
      "figures",
      "call-to-action",
    ]);
    // Out of range or malformed: nothing changes.
    expect(structureIntent("move-up:x", form)).toBeUndefined();
    expect(applyStructure(draft, { kind: "remove", block: 9 })).toBe(draft);
  });
});
