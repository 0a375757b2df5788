// @vitest-environment node
/**
 * The visual editor's configuration (src/admin/config.ts, its fields from schema-fields.ts) against
 * the JSON Schemas it is generated from: every schema property has a field and every field a
 * property, all the way down, with the schema's title, description and default as the field's
 * label, hint and default.
 */
import { describe, expect, it } from "vitest";
import { cmsConfig } from "../../src/admin/config.ts";
import { fieldsOf, innerFields, itemField, resolve, singularLabel, type Field, type Schema, type Schemas } from "../../src/admin/schema-fields.ts";
import { schemas } from "../../src/admin/fields.ts";
import { schemaLineFor } from "../../src/admin/schema-line.ts";
import { schemaLine } from "../../src/content/loaders/load.ts";
// Decap's own template engine, the one its lists title their rows with.
import { compileStringTemplate } from "decap-cms-lib-widgets/dist/esm/stringTemplate.js";
import { fromJS } from "immutable";

/** The schemas the comparison reads; a test swaps in a changed copy. */
let all: Schemas = schemas;

const resolveIn = (schema: Schema, file: string) => resolve(schema, file, all);

const variantsOf = (field: Field) => ("types" in field ? field.types : undefined);

/** Each mismatch between the properties under `raw` and the fields under `field`, by path. */
function mismatches(raw: Schema, file: string, field: Field, path: string): string[] {
  const { schema, file: at } = resolveIn(raw, file);
  const problems: string[] = [];
  if (schema.title !== undefined && schema.title !== field.label) problems.push(`${path}: label ${field.label}, title ${schema.title}`);
  if (schema.description !== undefined && schema.description !== field.hint) problems.push(`${path}: hint is not the description`);
  if (schema.default !== undefined && schema.default !== ("default" in field ? field.default : undefined))
    problems.push(`${path}: default is not the schema's`);
  // A developer setting is kept out of the form whole (config.ts): nothing under it is drawn.
  if (field.widget === "hidden") return problems;
  if (schema.type === "array") {
    const items = resolveIn(schema.items ?? {}, at);
    const variants = variantsOf(field);
    if (items.schema.oneOf) {
      const names = items.schema.oneOf.map((branch) => String(branch.$ref).split("/").pop()!);
      if (JSON.stringify(names) !== JSON.stringify(variants?.map((t) => t.name)))
        problems.push(`${path}: variants ${String(variants?.map((t) => t.name))}, section types ${String(names)}`);
      for (const branch of items.schema.oneOf) {
        const name = String(branch.$ref).split("/").pop()!;
        const variant = variants?.find((t) => t.name === name);
        const { schema: section, file: sectionFile } = resolveIn(branch, items.file);
        if (variant) problems.push(...objectMismatches(section, sectionFile, variant.fields, `${path}[${name}]`, ["type"]));
      }
    } else if (innerFields(field)) {
      problems.push(...objectMismatches(items.schema, items.file, innerFields(field)!, `${path}[]`));
    } else if (itemField(field)) {
      problems.push(...mismatches(schema.items ?? {}, at, itemField(field)!, `${path}[]`));
    } else problems.push(`${path}: a list without an item field`);
  } else if (schema.type === "object" && schema.properties) {
    problems.push(...objectMismatches(schema, at, innerFields(field) ?? [], path));
  }
  return problems;
}

/** Properties without fields and fields without properties in one object; `skip`: keys the editor sets itself. */
function objectMismatches(schema: Schema, file: string, fields: Field[], path: string, skip: string[] = []): string[] {
  const properties = Object.keys(schema.properties ?? {}).filter((k) => !skip.includes(k));
  const names = fields.map((f) => f.name);
  return [
    ...properties.filter((p) => !names.includes(p)).map((p) => `${path}.${p}: property without a field`),
    ...names.filter((f) => !properties.includes(f)).map((f) => `${path}.${f}: field without a property`),
    ...fields.flatMap((f) => (schema.properties?.[f.name] ? mismatches(schema.properties[f.name]!, file, f, `${path}.${f.name}`) : [])),
  ];
}

describe("the visual editor's fields, generated from the schemas", () => {
  for (const file of ["page.schema.json", "site.schema.json"]) {
    it(`match ${file} property for property`, () => {
      const root = schemas[file]!;
      expect(objectMismatches(root, file, fieldsOf(file, schemas), file)).toEqual([]);
    });
  }

  it("would notice a property without a field and a field without a property", () => {
    const changed = JSON.parse(JSON.stringify(schemas)) as Schemas;
    (changed["page.schema.json"]!.$defs as Record<string, { properties: Record<string, unknown> }>).banner!.properties.caption = { type: "string" };
    const compare = (against: Schemas, fields: Field[]) => {
      all = against;
      try {
        return objectMismatches(against["page.schema.json"]!, "page.schema.json", fields, "page").join("\n");
      } finally {
        all = schemas;
      }
    };
    expect(compare(changed, fieldsOf("page.schema.json", schemas))).toContain("page.sections[banner].caption: property without a field");
    expect(compare(schemas, fieldsOf("page.schema.json", changed))).toContain("page.sections[banner].caption: field without a property");
  });

  it("maps each kind of property to its widget", () => {
    const page = fieldsOf("page.schema.json", schemas);
    const sections = page.find((f) => f.name === "sections")!;
    const variant = (type: string) => variantsOf(sections)!.find((t) => t.name === type)!;
    const widget = (type: string, name: string) => variant(type).fields.find((f) => f.name === name)?.widget;
    expect(sections.widget).toBe("list");
    expect("typeKey" in sections && sections.typeKey).toBe("type");
    expect(widget("banner", "image")).toBe("image");
    expect(widget("banner", "heading")).toBe("string");
    expect(widget("richText", "paragraphs")).toBe("list");
    expect(page.find((f) => f.name === "title")).toMatchObject({ widget: "string", required: true });
    const site = fieldsOf("site.schema.json", schemas);
    expect(site.map((f) => f.name)).toEqual(expect.arrayContaining(["company", "contact", "navigation", "footer", "redirects"]));
    const all = (fields: Field[]): Field[] =>
      fields.flatMap((f) => [f, ...all(innerFields(f) ?? []), ...all([itemField(f)].filter((i) => i !== undefined)), ...all(variantsOf(f) ?? [])]);
    const widgets = new Set(all([...page, ...site]).map((f) => f.widget));
    for (const w of ["string", "text", "number", "boolean", "select", "list", "object", "image", "file"]) expect(widgets, w).toContain(w);
  });

  it("keeps developer settings out of the form and counts list items in words", () => {
    const site = fieldsOf("site.schema.json", schemas);
    for (const name of ["behaviour", "ui"]) expect(site.find((f) => f.name === name)?.widget, name).toBe("hidden");
    const company = innerFields(site.find((f) => f.name === "company"))!;
    expect(company.find((f) => f.name === "siteUrl")?.widget).toBe("hidden");
    const sections = fieldsOf("page.schema.json", schemas).find((f) => f.name === "sections")!;
    expect(sections).toMatchObject({ label: "Sections", label_singular: "Section" });
    // Decap opens a list collapsed unless told otherwise.
    expect((sections as { collapsed?: boolean }).collapsed).toBeUndefined();
    expect(singularLabel("Device families not supported")).toBe("Device family not supported");
    expect(singularLabel("Sub-entries")).toBe("Sub-entry");
    expect(singularLabel("Bullets")).toBe("Bullet");
    expect(singularLabel("Old addresses")).toBe("Old address");
  });

  it("titles a row by its heading, or by what it is while the heading is empty", () => {
    const sections = fieldsOf("page.schema.json", schemas).find((f) => f.name === "sections")!;
    const featureList = variantsOf(sections)!.find((t) => t.name === "featureList")!;
    const title = (summary: string, item: object) => compileStringTemplate(summary, null, "", fromJS(item));
    expect(title(featureList.summary!, { type: "featureList", heading: "Why us" })).toBe("Why us");
    expect(title(featureList.summary!, { type: "featureList" })).toBe("Feature List");
    const cards = innerFields(variantsOf(sections)!.find((t) => t.name === "cardGrid"))!.find((f) => f.name === "cards")!;
    expect(title((cards as { summary: string }).summary, { title: "" })).toBe("Card");
    // A datasheet's row: its document name, which it must have, not its optional heading.
    const pdf = variantsOf(sections)!.find((t) => t.name === "pdfEmbed")!;
    expect(title(pdf.summary!, { type: "pdfEmbed", title: "AVEVA Edge datasheet" })).toBe("AVEVA Edge datasheet");
  });

  it("titles a row of plain values (a phone number, a paragraph) by its value, and gives a paragraph a text area", () => {
    const site = fieldsOf("site.schema.json", schemas);
    const phones = innerFields(site.find((f) => f.name === "contact"))!.find((f) => f.name === "phones")!;
    const title = (list: Field, value: string) =>
      compileStringTemplate((list as { summary: string }).summary, null, "", fromJS({ [itemField(list)!.name]: value } as Record<string, string>));
    expect(title(phones, "+91 261 000 0000")).toBe("+91 261 000 0000");
    expect(title(phones, "")).toBe("Phone number");
    const sections = fieldsOf("page.schema.json", schemas).find((f) => f.name === "sections")!;
    const paragraphs = variantsOf(sections)!
      .find((t) => t.name === "richText")!
      .fields.find((f) => f.name === "paragraphs")!;
    expect(itemField(paragraphs)?.widget).toBe("text");
  });

  it("opens a picture's picker on the folder its use keeps such pictures in", () => {
    const sections = fieldsOf("page.schema.json", schemas).find((f) => f.name === "sections")!;
    const fieldIn = (type: string, list: string, name: string) =>
      innerFields(
        variantsOf(sections)!
          .find((t) => t.name === type)!
          .fields.find((f) => f.name === list),
      )!.find((f) => f.name === name);
    // A hero's slide is a banner picture, a card's picture a card's, though both are the same image $def.
    expect(fieldIn("hero", "slides", "src")).toMatchObject({ widget: "image", media_folder: "/public/assets/banners", public_folder: "/assets/banners" });
    expect(fieldIn("cardGrid", "cards", "image")).toBeDefined();
    expect(innerFields(fieldIn("cardGrid", "cards", "image"))!.find((f) => f.name === "src")).toMatchObject({ media_folder: "/public/assets/cards" });
    expect(fieldIn("logoGrid", "logos", "image")).toMatchObject({ media_folder: "/public/assets/logos/clients" });
    expect(fieldIn("logoStrip", "logos", "image")).toMatchObject({ media_folder: "/public/assets/logos/partners" });
  });

  it("names the page schema from a page's own folder, as the content check expects", () => {
    for (const file of ["content/pages/about.yaml", "content/pages/products/plc.yaml", "content/pages/a/b/c.yaml"])
      expect(schemaLineFor(file)).toBe(`${schemaLine(file, "page")}\n`);
  });

  it("covers every file under content/pages, sub-folders included, and site.yaml as a file collection", () => {
    const config = cmsConfig(schemas, { repo: "owner/site", branch: "main" });
    const [pages, site] = config.collections;
    expect(pages).toMatchObject({ folder: "content/pages", extension: "yaml", nested: { depth: expect.any(Number) as number } });
    expect(site!.files![0]).toMatchObject({ file: "content/site.yaml" });
    expect(config).toMatchObject({
      publish_mode: "editorial_workflow",
      backend: { name: "github", repo: "owner/site" },
      media_folder: "public/assets/uploads",
    });
  });
});
