/**
 * content/README.md, the content editors' guide, cannot rot: every YAML snippet in it carries a
 * marker saying what it is, and is checked as such against the schemas and, where it can stand
 * in the real content, by the full validator (links, files) on a copy of the project.
 *
 *   ```yaml page                      a whole page file
 *   ```yaml section                   sections, as written under `sections:`
 *   ```yaml item <type>.<list>        an entry of a list inside a section, e.g. documentList.documents
 *   ```yaml site-fragment             part of site.yaml, merged into the real one (lists are appended to)
 *   ```yaml page-with-errors <file>   a broken page; the ```text validate-output block after it is what validate says
 *   ```json section-def               new section $defs; ```yaml section new-type examples are checked against them
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument, stringify } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent, schemaLine } from "../../src/content/loaders/load.ts";
import { formatError } from "../../src/content/errors.ts";
import { createAjv } from "../../src/content/ajv.ts";
import { describeAjvError, pageSchema, sectionTypes, siteSchema, validators } from "../../src/content/schemas.ts";
import { contactTokens } from "../../src/content/tokens.ts";
import type { Site } from "../../src/content/generated/site.ts";
import { SITE_FIXTURE } from "../site-fixture.ts";

const project = join(import.meta.dirname, "../..");
const guide = readFileSync(join(project, "content/README.md"), "utf8");

interface Block {
  lang: string;
  marker: string[];
  body: string;
  /** Line of the opening fence in content/README.md. */
  line: number;
}

const blocks: Block[] = [...guide.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => ({
  lang: m[1]!,
  marker: m[2]!.trim().split(/\s+/).filter(Boolean),
  body: m[3]!,
  line: guide.slice(0, m.index).split("\n").length,
}));
const yamlBlocks = blocks.filter((b) => b.lang === "yaml");
const where = (b: Block) => `content/README.md:${b.line} (\`\`\`yaml ${b.marker.join(" ")})`;

const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function copyOfProject(): string {
  const root = mkdtempSync(join(tmpdir(), "guide-"));
  temp.push(root);
  for (const dir of ["content", "public"]) cpSync(join(SITE_FIXTURE, dir), join(root, dir), { recursive: true });
  cpSync(join(project, "schema"), join(root, "schema"), { recursive: true });
  return root;
}

/** Parses a snippet; YAML syntax errors fail the test with the snippet's place in the guide. */
function parse(block: Block): unknown {
  const doc = parseDocument(block.body);
  if (doc.errors.length > 0) throw new Error(`${where(block)}: YAML syntax: ${doc.errors[0]!.message}`);
  return doc.toJS();
}

function schemaErrors(validate: ReturnType<typeof validators>["page" | "site"], data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath}: ${describeAjvError(e)}`);
}

/** Sections wrapped into a page that passes on its own. */
const pageWith = (sections: unknown, n: number) => ({
  path: `/guide-example-${n}`,
  title: "Guide example",
  description: "A page made by the content guide's test around one of the guide's section examples.",
  sections,
});

/** `source` with `fragment` laid over it: maps merge, lists get the fragment's entries appended. */
function merge(source: unknown, fragment: unknown): unknown {
  if (Array.isArray(source) && Array.isArray(fragment)) return [...source, ...fragment];
  if (source && fragment && typeof source === "object" && typeof fragment === "object" && !Array.isArray(source)) {
    const out: Record<string, unknown> = { ...(source as Record<string, unknown>) };
    for (const [k, v] of Object.entries(fragment)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return fragment;
}

const known = new Set(["page", "section", "item", "site-fragment", "page-with-errors"]);

// Each check validates whole copies of the project's content: seconds, not milliseconds, on a busy machine.
describe("content/README.md (the content guide)", { timeout: 60_000 }, () => {
  it("marks every YAML snippet with what it is", () => {
    expect(yamlBlocks.length).toBeGreaterThan(8);
    expect(yamlBlocks.filter((b) => !known.has(b.marker[0] ?? "")).map(where)).toEqual([]);
  });

  it("has whole pages that pass every check, schema line included", () => {
    const pages = yamlBlocks.filter((b) => b.marker[0] === "page");
    expect(pages.length).toBeGreaterThan(0);
    for (const block of pages) {
      const root = copyOfProject();
      const data = parse(block) as { path: string };
      const file = `content/pages/${data.path.slice(1)}.yaml`;
      expect(block.body.split("\n")[0], where(block)).toBe(schemaLine("content/pages/example.yaml", "page"));
      writeFileSync(join(root, file), block.body.replace(/^.*\n/, `${schemaLine(file, "page")}\n`));
      expect(loadContent(root).errors.map(formatError), where(block)).toEqual([]);
    }
  });

  it("has sections that pass every check inside a page", () => {
    const sections = yamlBlocks.filter((b) => b.marker[0] === "section" && b.marker[1] !== "new-type");
    expect(sections.length).toBeGreaterThan(2);
    const root = copyOfProject();
    sections.forEach((block, n) => {
      const data = parse(block);
      expect(Array.isArray(data), `${where(block)}: write sections as list items ("- type: ...")`).toBe(true);
      const file = `content/pages/guide-example-${n}.yaml`;
      writeFileSync(join(root, file), `${schemaLine(file, "page")}\n${stringify(pageWith(data, n))}`);
    });
    expect(loadContent(root).errors.map(formatError)).toEqual([]);
  });

  it("has list entries that fit the list they are for", () => {
    const items = yamlBlocks.filter((b) => b.marker[0] === "item");
    expect(items.length).toBeGreaterThan(1);
    const ajv = createAjv();
    ajv.addSchema(siteSchema).addSchema(pageSchema);
    for (const block of items) {
      const [type, ...list] = (block.marker[1] ?? "").split(".");
      expect(sectionTypes, where(block)).toContain(type);
      const pointer = `/$defs/${type}${list.map((key) => `/properties/${key}/items`).join("")}`;
      const check = ajv.getSchema(`${pageSchema.$id as string}#${pointer}`);
      expect(check, `${where(block)}: no list ${block.marker[1]}`).toBeDefined();
      const entries = parse(block) as unknown[];
      expect(Array.isArray(entries) && entries.length > 0, `${where(block)}: write entries as list items`).toBe(true);
      for (const entry of entries) expect(schemaErrors(check! as never, entry), where(block)).toEqual([]);
    }
  });

  it("has site.yaml fragments that, merged into site.yaml, pass every check", () => {
    const fragments = yamlBlocks.filter((b) => b.marker[0] === "site-fragment");
    expect(fragments.length).toBeGreaterThan(1);
    const site = parseDocument(readFileSync(join(SITE_FIXTURE, "content/site.yaml"), "utf8")).toJS() as unknown;
    for (const block of fragments) {
      const merged = merge(site, parse(block));
      expect(schemaErrors(validators().site, merged), where(block)).toEqual([]);
      const root = copyOfProject();
      writeFileSync(join(root, "content/site.yaml"), `${schemaLine("content/site.yaml", "site")}\n${stringify(merged)}`);
      expect(loadContent(root).errors.map(formatError), where(block)).toEqual([]);
    }
  });

  it("shows exactly what validate says about its broken page", () => {
    const broken = yamlBlocks.filter((b) => b.marker[0] === "page-with-errors");
    expect(broken.length).toBeGreaterThan(0);
    for (const block of broken) {
      const output = blocks.find((b) => b.line > block.line && b.lang === "text" && b.marker[0] === "validate-output");
      expect(output, `${where(block)} needs a \`\`\`text validate-output block after it`).toBeDefined();
      const root = copyOfProject();
      writeFileSync(join(root, block.marker[1]!), block.body);
      expect(loadContent(root).errors.map(formatError), where(block)).toEqual(output!.body.trimEnd().split("\n"));
      // The guide then fixes the two schema errors it explains, and shows the error that is left.
      const after = blocks.find((b) => b.line > output!.line && b.lang === "text" && b.marker[0] === "validate-output-after-fixes");
      if (!after) continue;
      const fixed = block.body.replace("heading: [Careers]", "heading: Careers").replace("paragraph:", "paragraphs:");
      expect(fixed, "the fixes the guide names apply to its broken page").not.toBe(block.body);
      writeFileSync(join(root, block.marker[1]!), fixed);
      expect(loadContent(root).errors.map(formatError), where(block)).toEqual(after.body.trimEnd().split("\n"));
    }
  });

  it("has a new section type whose schema compiles and whose example passes it", () => {
    const def = blocks.find((b) => b.lang === "json" && b.marker[0] === "section-def");
    const examples = yamlBlocks.filter((b) => b.marker[0] === "section" && b.marker[1] === "new-type");
    expect(def).toBeDefined();
    expect(examples.length).toBeGreaterThan(0);
    const defs = JSON.parse(def!.body) as Record<string, { properties: Record<string, Record<string, unknown>> }>;
    const extended = structuredClone(pageSchema) as { $defs: Record<string, unknown> & { section: { oneOf: { $ref: string }[] } } };
    for (const [name, schema] of Object.entries(defs)) {
      expect(sectionTypes, "the example type must be new").not.toContain(name);
      extended.$defs[name] = schema;
      extended.$defs.section.oneOf.push({ $ref: `#/$defs/${name}` });
      for (const [key, property] of Object.entries(schema.properties)) {
        expect(typeof property.title === "string" && typeof property.description === "string", `${name}.${key} needs title and description`).toBe(true);
      }
    }
    const ajv = createAjv();
    ajv.addSchema(siteSchema);
    const validate = ajv.compile(extended);
    examples.forEach((block, n) => expect(schemaErrors(validate as never, pageWith(parse(block), n)), where(block)).toEqual([]));
  });

  it("names every section type, the contact tokens there are, and only npm scripts that exist", () => {
    for (const type of sectionTypes) expect(guide, `section type ${type}`).toMatch(new RegExp(`\`${type}\`|type: ${type}\\b`));
    const site = parseDocument(readFileSync(join(SITE_FIXTURE, "content/site.yaml"), "utf8")).toJS() as Site;
    const tokens = [...new Set([...guide.matchAll(/`\{(\w+)\}`/g)].map((m) => m[1]!))].sort();
    expect(tokens).toEqual(Object.keys(contactTokens(site)).sort());
    const scripts = Object.keys((JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
    const named = [...new Set([...guide.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!))];
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });
});
