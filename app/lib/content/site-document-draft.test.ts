import { describe, expect, it } from "vitest";
import { sameDocument, settledDraft } from "./site-document-draft";

describe("a site document after a save's answer", () => {
  const sent = { hero: { title: "Old", picture: { alt: "Yard" } }, items: [{ text: "a" }, { text: "b" }] };

  it("takes the server's draft when nothing changed since the save was sent", () => {
    const answered = { ...sent, hero: { ...sent.hero, picture: { imageId: "id-1", alt: "Yard" } } };
    expect(settledDraft(answered, sent, [])).toEqual(answered);
  });

  it("keeps every field changed since the save was sent, over the server's draft", () => {
    const answered = { ...sent, hero: { title: "Old", picture: { imageId: "id-1", alt: "Yard" } } };
    const current = {
      hero: { title: "Typed while saving", picture: { alt: "Yard" } },
      items: [{ text: "a" }, { text: "b" }, { text: "c" }],
    };
    expect(settledDraft(answered, current, ["hero.title", "items.1.text", "items"])).toEqual({
      hero: { title: "Typed while saving", picture: { imageId: "id-1", alt: "Yard" } },
      items: [{ text: "a" }, { text: "b" }, { text: "c" }],
    });
  });

  it("compares documents whatever their keys' order", () => {
    expect(sameDocument({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameDocument({ a: 1 }, { a: 2 })).toBe(false);
  });
});
