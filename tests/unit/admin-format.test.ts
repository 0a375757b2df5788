// @vitest-environment node
/**
 * What the visual editor writes (src/admin/cms-format.ts, yaml-format.ts): saving an unchanged
 * file rewrites the same bytes, changing one value changes one line, and the canonical form keeps
 * comments and the schema line. On the real content (every file must already be canonical:
 * `npm run validate` checks it) and on small texts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromFile, toFile } from "../../src/admin/cms-format.ts";
import { firstNonCanonicalLine, formatYaml } from "../../src/admin/yaml-format.ts";
import { contentFiles } from "../../scripts/cms/content-files.ts";

const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

describe("the editor's saves", () => {
  it("rewrite every content file unchanged when nothing was edited", () => {
    const files = contentFiles(root);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect([file, toFile(fromFile(read(file)))]).toEqual([file, read(file)]);
  });

  it("change one line for one changed heading, and keep the comments", () => {
    const source = [
      "# yaml-language-server: $schema=../../schema/page.schema.json",
      "path: /demo",
      "title: Demo",
      "description: A page to edit.",
      "sections:",
      "  # The first view.",
      "  - type: banner",
      "    image: /assets/banners/about.jpg",
      "    heading: Before",
      "  - type: richText",
      "    paragraphs:",
      "      - One sentence that is long enough to be well over the line width the canonical form would fold at, if it folded at all.",
      "",
    ].join("\n");
    expect(formatYaml(source)).toBe(source);
    const data = fromFile(source) as { sections: { heading?: string }[] };
    data.sections[0]!.heading = "After";
    expect(changedLines(source, toFile(data))).toEqual(["    heading: After"]);
  });

  it("write a new page with the schema line first", () => {
    const text = toFile({ path: "/new", title: "New", description: "New page.", sections: [{ type: "richText", paragraphs: ["Hello."] }] });
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../../schema/page.schema.json");
    expect(firstNonCanonicalLine(text)).toBeUndefined();
  });

  it("leave out what an untouched optional field leaves behind, and keep a required key even when empty", () => {
    const text = toFile({
      path: "/new",
      title: "New",
      description: "",
      sections: [{ type: "banner", image: "/assets/banners/about.jpg", heading: "Hi", text: "" }],
    });
    expect(text).not.toContain("text:");
    expect(text).toContain('description: ""');
  });
});

describe("the canonical form", () => {
  it("names the first line a hand edit put out of form", () => {
    expect(firstNonCanonicalLine("a: 1\nlist: [ x, y ]\n")).toBeUndefined();
    expect(firstNonCanonicalLine("a: 1\nlist:\n  - x\n  - y\n")).toBe(2);
    expect(firstNonCanonicalLine("a: 1\nb: >-\n  folded\n  text\n")).toBe(2);
  });
});
