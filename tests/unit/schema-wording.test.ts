import { describe, expect, it } from "vitest";
import { describeAjvError, validators } from "../../src/content/schemas.ts";

/** What `npm run validate` and the editor say about each error of `page`. */
function messagesFor(page: Record<string, unknown>): string[] {
  const { page: validate } = validators();
  expect(validate(page)).toBe(false);
  return (validate.errors ?? []).map((e) => `${e.instancePath}: ${describeAjvError(e)}`);
}

const valid = {
  path: "/about",
  title: "About",
  description: "A page about the company and the people who work there, long enough.",
  sections: [{ type: "richText", paragraphs: ["Text."] }],
};

describe("schema errors in an editor's words", () => {
  it("says how long a text must be, not the validator's wording", () => {
    expect(messagesFor({ ...valid, description: "We automate plants." })).toEqual(["/description: should be at least 50 characters long"]);
    expect(messagesFor({ ...valid, description: "x".repeat(171) })).toEqual(["/description: should be at most 170 characters long"]);
  });

  it("names a type as an editor knows it", () => {
    expect(messagesFor({ ...valid, title: 12 })).toEqual(["/title: should be text"]);
  });

  it("says what a value should look like, as the editor's field does, not the pattern it failed", () => {
    expect(messagesFor({ ...valid, path: "about us" })).toEqual(["/path: should be a path like /products/plc"]);
  });

  it("says how many items a list needs", () => {
    expect(messagesFor({ ...valid, sections: [] })).toEqual(["/sections: needs at least 1 item"]);
  });
});
