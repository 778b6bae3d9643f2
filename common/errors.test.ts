import { describe, expect, it } from "vitest";
import {
  Conflict,
  domainFailure,
  domainStatus,
  Forbidden,
  Invalid,
  InvalidFields,
  isDomainError,
  Limited,
  NotFound,
  SudoRequired,
  Unavailable,
} from "./errors";

describe("the domain's errors", () => {
  it.each([
    [new NotFound("gone"), 404],
    [new Conflict("stale"), 409],
    [new Forbidden("not yours"), 403],
    [new SudoRequired("confirm"), 403],
    [new Limited("wait", 1000), 429],
    [new Unavailable("later", "counters down"), 503],
    [new Invalid("bad"), 400],
    [new InvalidFields({ title: "Title is missing" }), 400],
  ])("%s answers %i, for the API and the screens alike", (error, status) => {
    expect(domainStatus(error)).toBe(status);
    expect(domainFailure(error)).toMatchObject({ kind: error.name, status, message: error.message });
  });

  it("recognises another bundle's copy of a class by its kind, without instanceof (the pages' bundle)", () => {
    // What the screens see: an error the server bundle's own NotFound made, not this module's.
    class CopiedNotFound extends Error {
      override name = "NotFound";
    }
    const copy = new CopiedNotFound("That enquiry does not exist");
    expect(copy instanceof NotFound).toBe(false);
    expect(isDomainError(copy, "NotFound")).toBe(true);
    expect(isDomainError(copy, "Invalid")).toBe(false);
    expect(domainFailure(copy)).toEqual({
      kind: "NotFound",
      status: 404,
      message: "That enquiry does not exist",
    });
  });

  it("carries every field's message, and the operator's line of an outage", () => {
    const fields = new InvalidFields({
      "hero.title": "Heading is missing",
      "cards.0.text": "Text is missing",
    });
    expect(fields.message).toBe("Heading is missing");
    expect(domainFailure(fields)?.fieldErrors).toEqual({
      "hero.title": "Heading is missing",
      "cards.0.text": "Text is missing",
    });
    const cause = new Error("ECONNREFUSED");
    expect(domainFailure(new Unavailable("Try again", "redis unreachable", { cause }))).toMatchObject({
      logLine: "redis unreachable",
      cause,
    });
  });

  it("is no domain error for anything else: a real failure is thrown on", () => {
    expect(domainFailure(new Error("boom"))).toBeUndefined();
    expect(domainFailure(new TypeError("x is undefined"))).toBeUndefined();
    expect(domainFailure("NotFound")).toBeUndefined();
    expect(domainFailure({ name: "NotFound", message: "not an Error" })).toBeUndefined();
  });
});
