import { describe, expect, it } from "vitest";
import { storableText, storableValue } from "./text";

describe("storable text", () => {
  it("removes NUL characters and lone surrogates, keeps whole pairs and everything else", () => {
    expect(storableText("a\u0000b")).toBe("ab");
    expect(storableText("\ud800x\udfff")).toBe("x");
    expect(storableText("\udc00\ud800")).toBe("");
    expect(storableText("emoji 😀 ok")).toBe("emoji 😀 ok");
    expect(storableText("Fenland – “Organics”\n")).toBe("Fenland – “Organics”\n");
  });

  it("cleans every string and key of a parsed body, leaving other values alone", () => {
    const buffer = Buffer.from("x");
    expect(
      storableValue({ "k\u0000": ["\u0000a", 1, null, { b: "\ud800" }], n: 2, t: true, file: buffer }),
    ).toEqual({ k: ["a", 1, null, { b: "" }], n: 2, t: true, file: buffer });
  });
});
