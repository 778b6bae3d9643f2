import { describe, expect, it } from "vitest";
import { InputTooDeep, MAX_INPUT_DEPTH, storableText, storableValue } from "./text";

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

  it("refuses input nested deeper than MAX_INPUT_DEPTH instead of overflowing the stack", () => {
    const nest = (depth: number) => {
      let value: unknown = "leaf";
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
      return value;
    };
    expect(() => storableValue(nest(MAX_INPUT_DEPTH))).not.toThrow();
    expect(() => storableValue(nest(MAX_INPUT_DEPTH + 1))).toThrow(InputTooDeep);
    expect(() => storableValue(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`))).toThrow(
      InputTooDeep,
    );
  });

  it("never sets the prototype from a key that becomes __proto__ once cleaned", () => {
    const cleaned = storableValue(JSON.parse('{"__pro\\u0000to__": {"admin": true}}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect((cleaned as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(cleaned)).toEqual(["__proto__"]);
  });
});
