/**
 * The checks `npm run validate` makes, run on one entry before the editor saves it: the same ajv
 * validators (src/content/schemas.ts) and the same checks across files (src/content/check.ts:
 * links lead to pages or redirects, assets exist), against the rest of the site (site-check.ts).
 */
import { crossFileErrors } from "../content/check.ts";
import { describeAjvError, validators } from "../content/schemas.ts";
import { innerFields, itemField, type Field } from "./config.ts";
import { entryFields } from "./fields.ts";
import type { Facts } from "./facts.ts";
import { breakages, contentWith, useOf } from "./site-check.ts";

export interface EntryError {
  pointer: string;
  /** The field as the editor labels it (describePointer). */
  field: string;
  message: string;
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && Object.keys(v as object).length === 0);

/** An object holding nothing but empty values: an optional picture left untouched keeps only its empty alt. */
const isBlank = (v: unknown): boolean => isEmpty(v) || (!!v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((inner) => isBlank(inner)));

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
    if (isBlank(v) && !field?.needed) continue;
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

/**
 * The entry's own errors (schema, then its links and pictures), or else what saving it would break
 * elsewhere: a page whose path the menu links to, a sidebar or redirect pages rely on. Those are
 * told at the field that breaks them (a page's path) or, in site settings, at the top of the form.
 */
export function validateEntry(kind: "site" | "page", file: string, raw: unknown, facts: Facts): EntryError[] {
  const fields = entryFields(kind);
  const data = clean(raw, fields);
  const error = (pointer: string, message: string): EntryError => ({ pointer, field: describePointer(pointer, fields, data), message });
  const validate = validators()[kind];
  if (!validate(data)) {
    // A missing key is told at its own field, as the form labels it ("… › Cover picture › Picture: is required").
    return (validate.errors ?? []).map((e) =>
      e.keyword === "required" ? error(`${e.instancePath}/${String(e.params.missingProperty)}`, "is required") : error(e.instancePath, describeAjvError(e)),
    );
  }
  const change = { file, data };
  const own = crossFileErrors("/", contentWith(facts, change))
    .filter((e) => e.file === file)
    .map((e) => error(e.pointer, e.message));
  if (own.length > 0) return own;
  const content = contentWith(facts, change);
  return breakages(facts, change).map((e) => {
    const use = useOf(e, content);
    return error(kind === "page" ? "/path" : "", `${use.who} ${use.verb} "${use.value}" (${use.field}): this change would break it.`);
  });
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
    // A part the form does not draw (inside a hidden map): counted from 1 like the form's lists.
    names.push(field?.label ?? (/^\d+$/.test(part) ? String(Number(part) + 1) : part));
    siblings = innerFields(field) ?? [];
  }
  return names.join(" › ") || "Page";
}
