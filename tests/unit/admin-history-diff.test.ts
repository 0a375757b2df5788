// @vitest-environment node
import { describe, expect, it } from "vitest";
import { changedLines, describeLine } from "../../src/admin/history-diff.ts";

const page = (heading: string, extra = "") => `path: /about\ntitle: About\nsections:\n  - type: banner\n    heading: ${heading}\n${extra}`;

describe("what a version changed", () => {
  it("pairs a changed line's before and after, and says it in words", () => {
    const { lines, more } = changedLines(page("About Us"), page("About Lariox Automation"));
    expect(lines).toEqual([{ before: "heading: About Us", after: "heading: About Lariox Automation" }]);
    expect(more).toBe(0);
    expect(describeLine(lines[0]!)).toBe("heading: About Us → About Lariox Automation");
  });

  it("names lines added and removed, and counts what it leaves out", () => {
    const extra = Array.from({ length: 10 }, (_, i) => `  - type: richText\n    heading: Part ${i}\n`).join("");
    const { lines, more } = changedLines(page("About Us"), page("About Us", extra), 4);
    expect(lines.map(describeLine)).toEqual(["added - type: richText", "added heading: Part 0", "added - type: richText", "added heading: Part 1"]);
    expect(more).toBe(16);
    expect(describeLine({ before: "title: Old" })).toBe("removed title: Old");
  });
});
