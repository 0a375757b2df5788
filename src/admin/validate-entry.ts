/**
 * The checks `npm run validate` makes, run on one entry before the editor saves it: the same ajv
 * validators (src/content/schemas.ts) and the same checks across files (src/content/check.ts:
 * links lead to pages or redirects, assets exist), against the rest of the site (site-check.ts).
 */
import { crossFileErrors } from "../content/check.ts";
import { describeAjvError, validators } from "../content/schemas.ts";
import type { SiteIndex } from "../content/types.ts";
import { innerFields, itemField, type Field } from "./schema-fields.ts";
import { describePointer, entryFields, typeOf } from "./fields.ts";
import { breakages, indexWith, useOf, type Change } from "./site-check.ts";

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
 * With the entry's `fields` (schema-fields.ts), a key the schema requires stays even when empty (an
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

/**
 * The entry's own errors (schema, then its links and pictures), or else what saving it would break
 * elsewhere: a page whose path the menu links to, a sidebar or redirect pages rely on. Those are
 * told at the field that breaks them (a page's path) or, in site settings, at the top of the form.
 */
export function validateEntry(kind: "site" | "page", file: string, raw: unknown, index: SiteIndex): EntryError[] {
  const fields = entryFields(kind);
  const data = clean(raw, fields);
  const error = (pointer: string, message: string): EntryError => ({ pointer, field: describePointer(pointer, fields, data), message });
  const { site, page } = validators();
  let change: Change;
  if (kind === "site" && site(data)) change = { file, site: data };
  else if (kind === "page" && page(data)) change = { file, page: data };
  else {
    // A missing key is told at its own field, as the form labels it ("… › Cover picture › Picture: is required").
    return ((kind === "site" ? site : page).errors ?? []).map((e) =>
      e.keyword === "required" ? error(`${e.instancePath}/${String(e.params.missingProperty)}`, "is required") : error(e.instancePath, describeAjvError(e)),
    );
  }
  const after = indexWith(index, change);
  const own = crossFileErrors(after)
    .filter((e) => e.file === file)
    .map((e) => error(e.pointer, e.message));
  if (own.length > 0) return own;
  return breakages(index, change).map((e) => {
    const use = useOf(e, after);
    return error(kind === "page" ? "/path" : "", `${use.who} ${use.verb} "${use.value}" (${use.field}): this change would break it.`);
  });
}
