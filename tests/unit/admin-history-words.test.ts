// @vitest-environment node
/**
 * What a version changed, in the form's words (src/admin/history-words.ts), and a version's commit
 * message as History shows it (history-message.ts): labels and text, never YAML's markers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { entryFields } from "../../src/admin/fields.ts";
import { changesInWords, describeChange, saveMessage } from "../../src/admin/history-words.ts";
import { messageInWords } from "../../src/admin/history-message.ts";

const about = readFileSync(join(import.meta.dirname, "../fixtures/content/base/content/pages/about.yaml"), "utf8");
const fields = entryFields("page");
const page = () => parse(about) as { title: string; sections: Record<string, unknown>[] };

describe("what changed between two versions, in the form's words", () => {
  it("names a changed heading by its section's type and its label, with the old and new text", () => {
    const after = page();
    after.sections[0]!.heading = "About Lariox Automation";
    const changes = changesInWords(page(), after, fields);
    expect(changes.map(describeChange)).toEqual(["Sections › Banner › Heading: “About us” → “About Lariox Automation”"]);
    expect(saveMessage("pages", page(), after, fields, false)).toBe("Changed the About page: heading");
  });

  it("says a long paragraph folded over lines as its text, without YAML's `>-` or `- `", () => {
    const long = "Engineering, programming and commissioning of control systems for new plants, extensions and upgrades across Gujarat.";
    const before = page();
    before.sections[0]!.heading = long;
    const after = page();
    after.sections[0]!.heading = `${long} Since 2009.`;
    const [line] = changesInWords(before, after, fields).map(describeChange);
    expect(line).toMatch(/^Sections › Banner › Heading: “Engineering, programming .*” → “Engineering, programming .*”$/);
    expect(line).not.toMatch(/>-|\n|^- /);
  });

  it("says a section added or removed, and a move as one change of order", () => {
    const added = page();
    added.sections.push({ type: "banner", image: "/assets/banner.jpg", heading: "Second" });
    expect(changesInWords(page(), added, fields).map(describeChange)).toEqual(["Sections › Banner: added “Second”"]);
    expect(changesInWords(added, page(), fields).map(describeChange)).toEqual(["Sections › Banner: removed “Second”"]);
    const moved = page();
    moved.sections.reverse();
    const [order] = changesInWords(page(), moved, fields);
    expect(order!.labels).toEqual(["Sections", "order"]);
    expect(saveMessage("pages", page(), moved, fields, false)).toBe("Changed the About page: order");
  });

  it("names a new page and several fields in its message, and the site settings by their name", () => {
    const after = page();
    after.title = "About the company";
    after.sections[0]!.heading = "New";
    expect(saveMessage("pages", page(), after, fields, false)).toBe("Changed the About the company page: page name and heading");
    expect(saveMessage("pages", undefined, after, fields, true)).toBe("Added the About the company page");
    expect(saveMessage("site", { company: { name: "A" } }, { company: { name: "B" } }, entryFields("site"), false)).toMatch(/^Changed the site settings: /);
  });
});

describe("a version's message in History", () => {
  it("keeps the editor's own words, and says Decap's defaults and merges in words", () => {
    expect(messageInWords("Changed the About page: heading")).toBe("Changed the About page: heading");
    expect(messageInWords("Content: update pages “products/scada”")).toBe("Changed the page “products/scada”");
    expect(messageInWords("Content: create site “site”")).toBe("Added the site settings");
    expect(messageInWords("Merge branch 'cms/pages/about'")).toBe("Published a draft");
  });

  it("cuts a developer's long message to its first words, without its area prefix", () => {
    const short = messageInWords("Forms: a honeypot hit is counted on the day the post was received, by the same clock as every other verdict\n\nMore detail.");
    expect(short).toBe("A honeypot hit is counted on the day the post was received…");
    expect(short.length).toBeLessThanOrEqual(61);
  });
});
