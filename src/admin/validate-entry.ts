/**
 * The checks `npm run validate` makes, run on one entry before the editor saves it: the same ajv
 * validators (src/content/schemas.ts) and the same checks across files (src/content/check.ts:
 * links lead to pages or redirects, assets exist), against the facts of the rest of the site.
 */
import { crossFileErrors } from "../content/check.ts";
import type { Content, PageFile } from "../content/load.ts";
import { describeAjvError, validators } from "../content/schemas.ts";
import type { Page } from "../content/generated/page.ts";
import type { Site } from "../content/generated/site.ts";
import type { YamlFile } from "../content/yaml-file.ts";
import { innerFields, itemField, type Field } from "./config.ts";
import { entryFields } from "./fields.ts";
import type { Facts } from "./facts.ts";

export interface EntryError {
  pointer: string;
  /** The field as the editor labels it (describePointer). */
  field: string;
  message: string;
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && Object.keys(v as object).length === 0);

/**
 * The entry as the file holds it: drops Decap's own keys (`_source`) and what the form leaves
 * behind for untouched optional fields (null, empty text, an empty optional object or list).
 * With the entry's `fields` (config.ts), a key the schema requires stays even when empty (an
 * image's alt: ""); without them every empty value goes.
 */
export function clean(value: unknown, fields?: Field[]): unknown {
  if (Array.isArray(value)) return value.map((v) => clean(v, fields));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (key.startsWith("_") || raw === null || raw === undefined) continue;
    const field = fields?.find((f) => f.name === key);
    const v = field ? cleanValue(raw, field) : clean(raw);
    if (isEmpty(v) && !field?.needed) continue;
    out[key] = v;
  }
  return out;
}

function cleanValue(value: unknown, field: Field): unknown {
  if (!Array.isArray(value)) return clean(value, innerFields(field));
  const item = itemField(field);
  // A section is cleaned with the fields of its type's variant.
  return value.map((v) => (item ? cleanValue(v, item) : clean(v, innerFields(field, typeOf(v)))));
}

const typeOf = (value: unknown) => (value as { type?: unknown } | null | undefined)?.type;

const located = (file: string, data: unknown): YamlFile => ({ file, data, locate: () => ({ line: 1, col: 1 }) });

export function validateEntry(kind: "site" | "page", file: string, raw: unknown, facts: Facts): EntryError[] {
  const fields = entryFields(kind);
  const data = clean(raw, fields);
  const error = (pointer: string, message: string): EntryError => ({ pointer, field: describePointer(pointer, fields, data), message });
  const validate = validators()[kind];
  if (!validate(data)) return (validate.errors ?? []).map((e) => error(e.instancePath, describeAjvError(e)));
  const site = kind === "site" ? (data as Site) : facts.site;
  const stub = (f: { file: string; path: string }): PageFile => ({
    file: f.file,
    page: { path: f.path, sections: [] } as unknown as Page,
    yaml: located(f.file, {}),
  });
  const pages = facts.pages.filter((p) => p.file !== file).map(stub);
  if (kind === "page") pages.push({ file, page: data as Page, yaml: located(file, data) });
  const content: Content = { site, siteYaml: located("content/site.yaml", kind === "site" ? data : {}), pages };
  return crossFileErrors("/", content)
    .filter((e) => e.file === file)
    .map((e) => error(e.pointer, e.message));
}

/**
 * `/sections/2/link/href` as the editor labels it, `Sections › 3 › Button › Link target`, so a
 * message names the field the editor sees. `data` picks each section's variant by its type.
 */
export function describePointer(pointer: string, fields: Field[], data: unknown): string {
  const names: string[] = [];
  let siblings: Field[] = fields;
  let field: Field | undefined;
  let value = data;
  for (const part of pointer.split("/").slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part];
    if (field?.widget === "list" && /^\d+$/.test(part)) {
      names.push(String(Number(part) + 1));
      const item = itemField(field);
      siblings = innerFields(field, typeOf(value)) ?? (item ? [item] : []);
      field = item;
      continue;
    }
    field = siblings.find((f) => f.name === part);
    names.push(field?.label ?? part);
    siblings = innerFields(field) ?? [];
  }
  return names.join(" › ") || "Page";
}
