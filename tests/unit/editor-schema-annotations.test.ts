/**
 * Editors show a property's `title` and `description` on hover and offer its `examples` as
 * completions (redhat.vscode-yaml reads the `# yaml-language-server: $schema=` line atop each
 * content file). This test keeps every property of every schema annotated, and every example
 * valid against the property it illustrates.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createAjv } from "../../src/content/ajv.ts";
import { describe, expect, it } from "vitest";

type Schema = Record<string, unknown>;

const schemaDir = join(import.meta.dirname, "../../schema");
// The forms' payload schemas live in their folders of src/forms/, with the hidden fields they share and their field kinds.
const formsDir = join(import.meta.dirname, "../../src/forms");
const files = [
  ...readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")),
  "forms/hidden.schema.json",
  ...readdirSync(formsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `forms/${d.name}/schema.json`),
].sort();
const pathOf = (f: string) => (f.startsWith("forms/") ? join(formsDir, f.slice("forms/".length)) : join(schemaDir, f));
const schemas = new Map([...files, "forms/fields.schema.json"].map((f) => [f, JSON.parse(readFileSync(pathOf(f), "utf8")) as Schema]));

interface Property {
  file: string;
  /** JSON pointer of the property's schema inside its file. */
  pointer: string;
  schema: Schema;
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every schema under `properties` anywhere in `schema` (nested objects, items, $defs, oneOf…). */
function properties(file: string, schema: unknown, pointer = ""): Property[] {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return [];
  const s = schema as Schema;
  const found: Property[] = [];
  const sub = (value: unknown, at: string) => found.push(...properties(file, value, at));
  for (const [key, value] of Object.entries((s.properties as Schema | undefined) ?? {})) {
    found.push({ file, pointer: `${pointer}/properties/${escape(key)}`, schema: value as Schema });
    sub(value, `${pointer}/properties/${escape(key)}`);
  }
  for (const [key, value] of Object.entries((s.$defs as Schema | undefined) ?? {})) sub(value, `${pointer}/$defs/${escape(key)}`);
  for (const keyword of ["items", "additionalProperties", "not", "if", "then", "else"]) sub(s[keyword], `${pointer}/${keyword}`);
  for (const keyword of ["oneOf", "anyOf", "allOf", "prefixItems"]) {
    ((s[keyword] as unknown[] | undefined) ?? []).forEach((value, i) => sub(value, `${pointer}/${keyword}/${i}`));
  }
  return found;
}

/** Follows `$ref`s (within a file or to a sibling file) to the schema that says what the value is. */
function resolve(file: string, schema: Schema): { file: string; schema: Schema } {
  const ref = schema.$ref as string | undefined;
  if (!ref) return { file, schema };
  const [target, fragment = ""] = ref.split("#");
  const targetFile = target ? join(file, "..", target).replace(/^\.\//, "") : file;
  let node: unknown = schemas.get(targetFile);
  for (const segment of fragment.split("/").filter(Boolean)) node = (node as Schema)[segment.replace(/~1/g, "/").replace(/~0/g, "~")];
  if (!node) throw new Error(`${file}: unresolvable $ref ${ref}`);
  return resolve(targetFile, node as Schema);
}

/** A value that can be shown by example: free text or a number, or a list of those. */
function exemplifiable(file: string, schema: Schema): boolean {
  const { file: at, schema: s } = resolve(file, schema);
  if ("const" in s || "enum" in s || "const" in schema || "enum" in schema) return false;
  if (s.type === "string" || s.type === "number" || s.type === "integer") return true;
  if (s.type === "array" && s.items) {
    const item = resolve(at, s.items as Schema).schema;
    return (item.type === "string" || item.type === "number" || item.type === "integer") && !("enum" in item) && !("const" in item);
  }
  return false;
}

const all = files.flatMap((f) => properties(f, schemas.get(f)));

describe("schema annotations (editor hover text and completions)", { timeout: 30_000 }, () => {
  it("walks every schema file", () => {
    // Any number of form folders: a new form adds its own, and needs no change here.
    expect(files.filter((f) => !/^forms\/[^/]+\/schema\.json$/.test(f))).toEqual(["forms/hidden.schema.json", "page.schema.json", "site.schema.json"]);
    expect(files).toEqual(expect.arrayContaining(["forms/contact/schema.json", "forms/quote/schema.json"]));
    expect(all.length).toBeGreaterThan(200);
  });

  it("gives every property a title and a description", () => {
    const lacking = all.flatMap(({ file, pointer, schema }) => {
      const missing = (["title", "description"] as const).filter((k) => typeof schema[k] !== "string" || (schema[k] as string).trim() === "");
      return missing.length > 0 ? [`schema/${file}#${pointer} lacks ${missing.join(" and ")}`] : [];
    });
    expect(lacking).toEqual([]);
  });

  it("gives every text, number or list-of-text property examples", () => {
    const lacking = all
      .filter(({ file, schema }) => exemplifiable(file, schema))
      .filter(({ schema }) => !Array.isArray(schema.examples) || schema.examples.length === 0)
      .map(({ file, pointer }) => `schema/${file}#${pointer} lacks examples`);
    expect(lacking).toEqual([]);
  });

  it("has only examples that the property itself accepts", () => {
    const ajv = createAjv();
    ajv.addKeyword({ keyword: "x-form", schemaType: "object" });
    ajv.addKeyword({ keyword: "x-role", schemaType: "string" });
    for (const schema of schemas.values()) ajv.addSchema(schema);
    const invalid: string[] = [];
    for (const { file, pointer, schema } of all) {
      if (!Array.isArray(schema.examples)) continue;
      const validate = ajv.getSchema(`${schemas.get(file)!.$id as string}#${pointer}`);
      if (!validate) throw new Error(`cannot compile schema/${file}#${pointer}`);
      for (const example of schema.examples) {
        if (!validate(example)) invalid.push(`schema/${file}#${pointer} example ${JSON.stringify(example)}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
  });
});
