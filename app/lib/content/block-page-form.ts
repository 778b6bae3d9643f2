import { BLOCK_PAGE_LIMITS, BLOCK_TYPES, type BlockType, emptyBlock } from "@common/content/block-pages";

/**
 * The block page editor's form, both ways. Field names are the page's dotted paths ("title",
 * "blocks.2.heading", "blocks.3.items.1.answer", "blocks.0.action.target"); a list says how many it
 * holds (`blocks.count`, `blocks.3.items.count`), a picture its image id (`….imageId`) and any file
 * picked for it (`….file`, stored by the action). The structural buttons ('Add block', 'Move up',
 * 'Move down', 'Duplicate block', 'Remove block', 'Add item', 'Remove item') post the whole form
 * with their `intent`: the action rebuilds the draft from it, applies the change and saves, so each
 * works without JavaScript. No zod here: the service checks the page as a whole when publishing.
 */

/** Each block type's own text fields (besides its type, pictures, button and items). */
export const TEXT_FIELDS: Record<BlockType, readonly string[]> = {
  hero: ["heading", "text", "alt"],
  "rich-text": ["html"],
  picture: ["alt", "caption"],
  cards: ["heading"],
  figures: ["heading"],
  faq: ["heading"],
  testimonial: ["quote", "name", "company"],
  partners: ["heading"],
  "call-to-action": ["heading", "text"],
  form: ["heading", "text"],
};

/** Each list block's item fields. */
export const ITEM_FIELDS: Partial<Record<BlockType, readonly string[]>> = {
  cards: ["title", "text"],
  figures: ["value", "label"],
  faq: ["question", "answer"],
  partners: ["imageId", "name"],
};

/** The block types with a picture of their own (`blocks.N.imageId`). */
export const PICTURE_BLOCKS: readonly BlockType[] = ["hero", "picture"];
/** The block types with a button (`blocks.N.action.*`); the hero's is optional. */
export const ACTION_BLOCKS: readonly BlockType[] = ["hero", "call-to-action"];

export const countName = (path: string) => `${path}.count`;
export const fileName = (path: string) => `${path}.file`;

const isBlockType = (value: unknown): value is BlockType => BLOCK_TYPES.includes(value as BlockType);
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const count = (form: FormData, name: string, max: number) =>
  Math.min(Math.max(Math.trunc(Number(form.get(countName(name)))) || 0, 0), max);

function blockFromForm(form: FormData, path: string): Record<string, unknown> | null {
  const type = text(form, `${path}.type`);
  if (!isBlockType(type)) return null;
  const block: Record<string, unknown> = { type };
  for (const field of TEXT_FIELDS[type]) block[field] = text(form, `${path}.${field}`);
  if (PICTURE_BLOCKS.includes(type)) block.imageId = text(form, `${path}.imageId`);
  if (ACTION_BLOCKS.includes(type)) {
    const action = {
      label: text(form, `${path}.action.label`),
      target: text(form, `${path}.action.target`),
      phone: text(form, `${path}.action.phone`),
      path: text(form, `${path}.action.path`),
    };
    // The hero's button is optional: no words, no button.
    if (type === "call-to-action" || action.label.trim()) block.action = action;
  }
  const itemFields = ITEM_FIELDS[type];
  if (itemFields)
    block.items = Array.from({ length: count(form, `${path}.items`, 30) }, (_, j) =>
      Object.fromEntries(itemFields.map((field) => [field, text(form, `${path}.items.${j}.${field}`)])),
    );
  return block;
}

/** The page the form holds, as typed (the service keeps a half-valid draft and checks it when publishing). */
export function draftFromForm(form: FormData): Record<string, unknown> {
  const blocks = Array.from({ length: count(form, "blocks", BLOCK_PAGE_LIMITS.blocks + 1) }, (_, i) =>
    blockFromForm(form, `blocks.${i}`),
  ).filter((block) => block !== null);
  const hasArea = form.get("area.on") === "on";
  return {
    address: text(form, "address"),
    title: text(form, "title"),
    description: text(form, "description"),
    socialImageId: text(form, "socialImageId"),
    noindex: form.get("noindex") === "on",
    canonical: text(form, "canonical"),
    area: hasArea ? { name: text(form, "area.name"), districts: text(form, "area.districts") } : null,
    blocks,
  };
}

/** Every picture's path in the page as it stands (a file may be picked for each). */
export function picturePaths(draft: Record<string, unknown>): string[] {
  const blocks = Array.isArray(draft.blocks) ? (draft.blocks as Array<Record<string, unknown>>) : [];
  return [
    "socialImageId",
    ...blocks.flatMap((block, i) =>
      PICTURE_BLOCKS.includes(block.type as BlockType)
        ? [`blocks.${i}.imageId`]
        : block.type === "partners" && Array.isArray(block.items)
          ? block.items.map((_, j) => `blocks.${i}.items.${j}.imageId`)
          : [],
    ),
  ];
}

/** The draft with `value` at a dotted path (a copy; the path's containers exist). */
export function withValueAt(
  draft: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(draft);
  const parts = path.split(".");
  let at: Record<string, unknown> | unknown[] = copy;
  for (const part of parts.slice(0, -1))
    at = (at as Record<string, unknown>)[part] as Record<string, unknown>;
  (at as Record<string, unknown>)[parts.at(-1) as string] = value;
  return copy;
}

/**
 * A structural button's intent: `add-block`, `move-up:N`, `move-down:N`, `duplicate:N`, `remove:N`,
 * `add-item:N`, `remove-item:N:M`, `move-item-up:N:M`, `move-item-down:N:M`.
 */
export type StructureIntent =
  | { kind: "add-block"; type: BlockType }
  | { kind: "move-up" | "move-down" | "duplicate" | "remove" | "add-item"; block: number }
  | { kind: ItemIntent; block: number; item: number };
const ITEM_INTENTS = ["remove-item", "move-item-up", "move-item-down"] as const;
type ItemIntent = (typeof ITEM_INTENTS)[number];
const isItemIntent = (kind: string): kind is ItemIntent => ITEM_INTENTS.includes(kind as ItemIntent);

/** The list with the entries at `a` and `b` swapped (a copy; unchanged when either is out of it). */
function swapped<T>(list: readonly T[], a: number, b: number): T[] {
  const copy = [...list];
  if (a < 0 || b < 0 || a >= copy.length || b >= copy.length) return copy;
  [copy[a], copy[b]] = [copy[b], copy[a]];
  return copy;
}

export function structureIntent(intent: string, form: FormData): StructureIntent | undefined {
  if (intent === "add-block") {
    const type = text(form, "newBlockType");
    return isBlockType(type) ? { kind: "add-block", type } : undefined;
  }
  const [kind, a, b] = intent.split(":");
  const block = Number(a);
  if (!Number.isInteger(block) || block < 0) return undefined;
  if (isItemIntent(kind)) {
    const item = Number(b);
    return Number.isInteger(item) && item >= 0 ? { kind, block, item } : undefined;
  }
  if (
    kind === "move-up" ||
    kind === "move-down" ||
    kind === "duplicate" ||
    kind === "remove" ||
    kind === "add-item"
  )
    return { kind, block };
  return undefined;
}

/** The draft after a structural button: blocks added, moved, copied or removed; items added, moved or removed. */
export function applyStructure(
  draft: Record<string, unknown>,
  change: StructureIntent,
): Record<string, unknown> {
  let blocks = [...((draft.blocks as Array<Record<string, unknown>> | undefined) ?? [])];
  if (change.kind === "add-block") {
    if (blocks.length < BLOCK_PAGE_LIMITS.blocks) blocks.push(emptyBlock(change.type));
    return { ...draft, blocks };
  }
  const at = change.block;
  if (at >= blocks.length) return draft;
  switch (change.kind) {
    case "move-up":
      blocks = swapped(blocks, at - 1, at);
      break;
    case "move-down":
      blocks = swapped(blocks, at, at + 1);
      break;
    case "duplicate":
      if (blocks.length < BLOCK_PAGE_LIMITS.blocks) blocks.splice(at + 1, 0, structuredClone(blocks[at]));
      break;
    case "remove":
      blocks.splice(at, 1);
      break;
    case "add-item": {
      const fields = ITEM_FIELDS[blocks[at].type as BlockType];
      const items = (blocks[at].items as unknown[] | undefined) ?? [];
      if (fields && items.length < 30)
        blocks[at] = { ...blocks[at], items: [...items, Object.fromEntries(fields.map((f) => [f, ""]))] };
      break;
    }
    case "remove-item": {
      const items = [...((blocks[at].items as unknown[] | undefined) ?? [])];
      items.splice(change.item, 1);
      blocks[at] = { ...blocks[at], items };
      break;
    }
    case "move-item-up":
    case "move-item-down": {
      const items = (blocks[at].items as unknown[] | undefined) ?? [];
      const other = change.kind === "move-item-up" ? change.item - 1 : change.item + 1;
      blocks[at] = { ...blocks[at], items: swapped(items, change.item, other) };
      break;
    }
  }
  return { ...draft, blocks };
}
