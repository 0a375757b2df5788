/**
 * The editor's fields, drawn from the JSON Schemas (schema/*.json and the block folders they are
 * assembled from): each property's widget, label, hint, default and pattern, and the walks over
 * them that the config, the site's choices and the pre-save check share.
 * Pure data in, Decap fields out, so a unit test can hold every schema property against its field.
 */
import type { CmsField, CmsFieldBase, CmsFieldObject } from "decap-cms-core";
import { patternMessage } from "../content/schemas.ts";

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

declare module "decap-cms-core" {
  interface CmsFieldBase {
    /**
     * Not Decap's: the schema requires the key. `required` is what Decap checks in the form, which is
     * less: a required text that may be empty (an image's alt) or a field inside an optional object
     * (a banner's link) is left to the pre-save check, or Decap would refuse the untouched page.
     * A saved file keeps `needed` keys even when empty (clean() in validate-entry.ts).
     */
    needed?: boolean;
  }
  interface CmsFieldList {
    /** Decap's, left out of its types: the item key that picks a typed list's variant. */
    typeKey?: string;
  }
}

export type Field = CmsField;
/** One section type as a variant of the `sections` list (Decap's typed list). */
type Variant = CmsFieldBase & CmsFieldObject;

/** In a typed list (the sections), the variant named `type`. */
export const variantOf = (field: Field | undefined, type: unknown): Variant | undefined =>
  field && "types" in field ? field.types?.find((variant) => variant.name === type) : undefined;

/** The fields inside `field`: an object's, a list's items' or, in a typed list, those of the variant named `type`. */
export function innerFields(field: Field | undefined, type?: unknown): Field[] | undefined {
  if (field && "types" in field && field.types) return variantOf(field, type)?.fields;
  return field && "fields" in field ? field.fields : undefined;
}

/** The field of each item of a list of plain values (a list of paragraphs). */
export const itemField = (field: Field | undefined): Field | undefined => (field && "field" in field ? field.field : undefined);

/** Schemas by file name, for `$ref`s such as `site.schema.json#/$defs/asset`. */
export type Schemas = Record<string, Schema>;

const IMAGE = /\.(jpe?g|png|svg|webp)$/i;

/**
 * Settings for developers, kept out of the editor (hidden fields keep their values when saved):
 * timings, sizes and cursor colours, the interface's accessible names, the public address the
 * site is served at, how a form checks. They change with the code, through a pull request.
 */
export const DEVELOPER_SETTINGS = new Set(["behaviour", "ui", "siteUrl", "autocomplete", "checkRequired", "serverMessage"]);
/** Strings that read as prose get a text area rather than one line. */
const PROSE = new Set(["description", "text", "intro", "paragraph", "aboutText", "serverMessage"]);

/** Follows `$ref`s (in the same file or another), keeping the referring schema's own title and description. */
export function resolve(schema: Schema, file: string, schemas: Schemas): { schema: Schema; file: string } {
  if (!schema.$ref) return { schema, file };
  const [refFile, pointer = ""] = schema.$ref.split("#");
  const target = refFile || file;
  const base = schemas[target];
  if (!base) throw new Error(`unknown schema ${target} in $ref ${schema.$ref}`);
  const found = pointer
    .split("/")
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], base) as Schema;
  const { $ref: _ref, ...own } = schema;
  const inner = resolve(found, target, schemas);
  return { schema: { ...inner.schema, ...own }, file: inner.file };
}

/** May the value be the empty string? (an image's alt: empty for a decorative image) */
function allowsEmpty(schema: Schema): boolean {
  if (schema.type !== "string" || (schema.minLength ?? 0) > 0 || schema.enum || schema.const !== undefined) return false;
  return !schema.pattern || new RegExp(schema.pattern).test("");
}

/** What every field takes from its schema but the default, whose type depends on the widget. */
function common(name: string, schema: Schema, required: boolean, inOptional: boolean): CmsFieldBase {
  return {
    name,
    // A list's item without a title of its own (a paragraph) is labelled by its name.
    label: schema.title ?? name.charAt(0).toUpperCase() + name.slice(1),
    required: required && !inOptional && !allowsEmpty(schema),
    ...(required ? { needed: true } : {}),
    ...(schema.description ? { hint: schema.description } : {}),
  };
}

/** The schema's default when it has the type the widget holds. */
function defaultOf<T>(schema: Schema, is: (value: unknown) => value is T): { default?: T } {
  return is(schema.default) ? { default: schema.default } : {};
}
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isNumber = (value: unknown): value is number => typeof value === "number";
const isString = (value: unknown): value is string => typeof value === "string";

/**
 * One schema property as a Decap field (and everything under it). `inOptional`: it sits in an
 * optional object, which a page may leave out whole (a section's link): Decap checks each field of
 * an object even when it is empty, so there the schema's `required` is the pre-save check's.
 */
export function toField(name: string, raw: Schema, required: boolean, file: string, schemas: Schemas, inOptional = false): Field {
  const { schema, file: at } = resolve(raw, file, schemas);
  const base = common(name, schema, required, inOptional);
  if (DEVELOPER_SETTINGS.has(name)) return { ...base, widget: "hidden", ...(schema.default !== undefined ? { default: schema.default } : {}) };
  if (schema.const !== undefined) return { ...base, widget: "hidden", default: schema.const };
  if (schema.enum) return { ...base, widget: "select", options: schema.enum.map(String), ...defaultOf(schema, isString) };
  switch (schema.type) {
    case "boolean":
      return { ...base, widget: "boolean", ...defaultOf(schema, isBoolean) };
    case "integer":
    case "number":
      return {
        ...base,
        widget: "number",
        value_type: schema.type === "integer" ? "int" : "float",
        ...defaultOf(schema, isNumber),
        ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
        ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      };
    case "array": {
      const items = resolve(schema.items ?? {}, at, schemas);
      // Items open collapsed, each titled by its summary; the list's heading counts them ("3 cards", "1 card").
      const list = {
        ...base,
        widget: "list" as const,
        label_singular: singularLabel(base.label ?? name),
        ...(schema.default !== undefined ? { default: schema.default } : {}),
      };
      if (items.schema.oneOf) return { ...list, typeKey: "type", types: items.schema.oneOf.map((branch) => variant(branch, items.file, schemas)) };
      const item = toField(singular(name), schema.items ?? {}, true, at, schemas);
      if (item.widget === "object" && "fields" in item) return { ...list, summary: summaryOf(item.fields, list.label_singular), fields: item.fields };
      // A row of a list of plain values (a phone number, a paragraph) is titled by its value, not by the field's name.
      return { ...list, field: item, summary: `{{fields.${item.name} | default('${list.label_singular.replace(/[{}']/g, "")}')}}` };
    }
    case "object": {
      // A map with names chosen by the author (site.yaml's sidebars) has no fixed fields to draw:
      // kept as it is, edited in the YAML.
      if (!schema.properties) return { ...base, widget: "hidden" };
      const needed = new Set(schema.required ?? []);
      const optional = inOptional || !required;
      // An example given where a shared $def is used (a hero's slide: a banner picture) speaks for
      // that use: each field takes its part of it, so a picture's picker opens on the right folder.
      const example = (schema.examples ?? []).find((e): e is Record<string, unknown> => !!e && typeof e === "object" && !Array.isArray(e));
      const here = (key: string, child: Schema): Schema => (example?.[key] !== undefined ? { ...child, examples: [example[key]] } : child);
      return {
        ...base,
        widget: "object",
        fields: Object.entries(schema.properties).map(([key, child]) => toField(key, here(key, child), needed.has(key), at, schemas, optional)),
      };
    }
    default:
      return stringField(name, schema, {
        ...base,
        ...(isString(schema.default) ? { default: schema.default } : required && allowsEmpty(schema) ? { default: "" } : {}),
      });
  }
}

function stringField(name: string, schema: Schema, base: CmsFieldBase & { default?: string }): Field {
  if (schema.pattern?.startsWith("^/assets/")) {
    const example = (schema.examples ?? []).find((e): e is string => typeof e === "string");
    const image = example !== undefined && IMAGE.test(example);
    // The picker opens on the folder such files live in (its example's: banners, cards, icons…),
    // and an upload lands there.
    const folder = example?.slice(0, example.lastIndexOf("/"));
    const folders = folder ? { media_folder: `/public${folder}`, public_folder: folder } : {};
    return { ...base, widget: image ? "image" : "file", choose_url: false, ...folders };
  }
  // Decap shows the second part when the value does not match: the words `npm run validate` uses too.
  const pattern: [string, string] | undefined = schema.pattern ? [schema.pattern, `${patternMessage(schema.pattern)}.`] : undefined;
  const long = PROSE.has(name) || (schema.maxLength ?? 0) > 120;
  return {
    ...base,
    widget: long ? "text" : "string",
    ...(pattern ? { pattern } : {}),
  };
}

/** One section type as a variant of the `sections` list. */
function variant(branch: Schema, file: string, schemas: Schemas): Variant {
  const name = branch.$ref!.split("/").pop()!;
  const { schema, file: at } = resolve(branch, file, schemas);
  const needed = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {})
    .filter(([key]) => key !== "type")
    .map(([key, child]) => toField(key, child, needed.has(key), at, schemas));
  // CtaSection -> "Call to Action", PdfEmbedSection -> "PDF Embed".
  const label = (schema.title ?? name)
    .replace(/Section$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^Cta$/, "Call to Action")
    .replace(/\bPdf\b/, "PDF");
  return { name, label, widget: "object", ...(schema.description ? { hint: schema.description } : {}), summary: summaryOf(fields, label), fields };
}

/**
 * The list's row title: the item's first text field, or `fallback` (what the item is) while that
 * field is empty, so a section without a heading is not a blank row: `{{fields.heading | default('Feature List')}}`.
 */
function summaryOf(fields: Field[], fallback: string): string {
  const first = titleField(fields);
  // Decap's template ends a value at a brace and its default at the last "')".
  return first ? `{{fields.${first.name} | default('${fallback.replace(/[{}]/g, "")}')}}` : "";
}

/**
 * The field a list's row is titled by: the first heading, title, label or name that the item must
 * have (a datasheet's document name, before its optional heading), else the first of them, else
 * the first text field.
 */
export function titleField(fields: Field[]): Field | undefined {
  const named = fields.filter((f) => ["heading", "title", "label", "name"].includes(f.name));
  return named.find((f) => f.needed) ?? named[0] ?? fields.find((f) => f.widget === "string");
}

/** "Dropdown menus" -> "Dropdown menu", "Device families not supported" -> "Device family not supported". */
export function singularLabel(label: string): string {
  const words = label.split(" ");
  const plural = words.findLastIndex((w) => /[^s]s$/.test(w));
  if (plural < 0) return label;
  words[plural] = singular(words[plural]!);
  return words.join(" ");
}

function singular(name: string): string {
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  return /(ss|ch|sh|x)es$/.test(name) ? name.slice(0, -2) : name.replace(/s$/, "");
}

/** The fields of a whole file (the top-level properties of `schemaFile`). */
export function fieldsOf(schemaFile: string, schemas: Schemas): Field[] {
  const root = schemas[schemaFile]!;
  const needed = new Set(root.required ?? []);
  // Site settings open as a short list of closed groups (company, contacts, menus, footer…).
  const top = (field: Field): Field => (field.widget === "object" && "fields" in field ? { ...field, collapsed: true } : field);
  return Object.entries(root.properties ?? {}).map(([key, child]) => top(toField(key, child, needed.has(key), schemaFile, schemas)));
}
