/**
 * Every content file starts with `# yaml-language-server: $schema=<relative path>`, which is how
 * the YAML extension finds the schema for completion and hover text. The validator keeps the
 * line in step: missing, or with a relative path that does not fit the file's folder, is an error.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent, schemaLine } from "../../src/content/loaders/load.ts";
import { formatError } from "../../src/content/errors.ts";

const project = join(import.meta.dirname, "../..");
const fixtures = join(import.meta.dirname, "../fixtures/content");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Validates the base fixture with one case laid over it, or with `change` applied to it. */
function errorsOf(caseName: string | { file: string; change: (text: string) => string }): string[] {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  temp.push(root);
  cpSync(join(fixtures, "base"), root, { recursive: true });
  if (typeof caseName === "string") cpSync(join(fixtures, caseName), root, { recursive: true });
  else writeFileSync(join(root, caseName.file), caseName.change(readFileSync(join(root, caseName.file), "utf8")));
  return loadContent(root).errors.map(formatError);
}

describe("the yaml-language-server schema line", { timeout: 30_000 }, () => {
  it("is derived from the file's folder", () => {
    expect(schemaLine("content/site.yaml", "site")).toBe("# yaml-language-server: $schema=../schema/site.schema.json");
    expect(schemaLine("content/pages/about.yaml", "page")).toBe("# yaml-language-server: $schema=../../schema/page.schema.json");
    expect(schemaLine("content/pages/aveva/aveva-mes.yaml", "page")).toBe("# yaml-language-server: $schema=../../../schema/page.schema.json");
  });

  it("is the first line of every real content file", () => {
    const files = readdirSync(join(project, "content"), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
      .map((d) => relative(project, join(d.parentPath, d.name)).split("\\").join("/"));
    expect(files.length).toBeGreaterThan(30);
    const wrong = files.filter((file) => {
      const expected = schemaLine(file, file === "content/site.yaml" ? "site" : "page");
      return readFileSync(join(project, file), "utf8").split("\n", 1)[0] !== expected;
    });
    expect(wrong).toEqual([]);
  });

  it("is required: a file without it is an error at 1:1", () => {
    expect(errorsOf("schema-line-missing")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:1:1  first line must be "# yaml-language-server: $schema=../../schema/page.schema.json" (editors use it for completion)",
      ]
    `);
  });

  it("must have the relative path that fits the file's folder", () => {
    expect(errorsOf("schema-line-wrong")).toMatchInlineSnapshot(`
      [
        "content/pages/products/plc.yaml:1:1  first line must be "# yaml-language-server: $schema=../../../schema/page.schema.json" (editors use it for completion)",
      ]
    `);
  });

  it("must name the right schema: site.yaml is checked against the site schema", () => {
    const pageSchemaLine = (text: string) => text.replace("$schema=../schema/site.schema.json", "$schema=../schema/page.schema.json");
    expect(errorsOf({ file: "content/site.yaml", change: pageSchemaLine })).toMatchInlineSnapshot(`
      [
        "content/site.yaml:1:1  first line must be "# yaml-language-server: $schema=../schema/site.schema.json" (editors use it for completion)",
      ]
    `);
  });
});
