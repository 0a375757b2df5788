/**
 * The form's fields of a page and of site.yaml (schema-fields.ts, with the site's choices once the site
 * index is loaded), from the bundled schemas: what clean() keeps and describePointer names.
 */
import pageSchema from "../../schema/page.schema.json";
import siteSchema from "../../schema/site.schema.json";
import type { Site } from "../content/generated/site.ts";
import { fieldsOf, innerFields, itemField, titleField, variantOf, type Field, type Schemas } from "./schema-fields.ts";
import { siteIndex } from "./site-index.ts";
import { withSiteChoices } from "./site-choices.ts";

export const schemas = { "page.schema.json": pageSchema, "site.schema.json": siteSchema } as unknown as Schemas;

const cache = new Map<string, { site?: Site; fields: Field[] }>();
export function entryFields(kind: "page" | "site"): Field[] {
  const site = siteIndex()?.site;
  const hit = cache.get(kind);
  if (hit && hit.site === site) return hit.fields;
  const fields = withSiteChoices(kind, fieldsOf(`${kind}.schema.json`, schemas), site, schemas);
  cache.set(kind, { site, fields });
  return fields;
}

export const typeOf = (value: unknown) => (value as { type?: unknown } | null | undefined)?.type;

/**
 * `/sections/2/link/href` as the editor labels it, `Sections › 3 “Our services” › Button › Link
 * target`, so a message names the field the editor sees: a list's item by its number and the
 * title its row shows. `data` picks each section's variant by its type.
 */
export function describePointer(pointer: string, fields: Field[], data: unknown): string {
  const names: string[] = [];
  let siblings: Field[] = fields;
  let field: Field | undefined;
  let value = data;
  for (const part of pointer.split("/").slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part];
    if (field?.widget === "list" && /^\d+$/.test(part)) {
      const item = itemField(field);
      const inner = innerFields(field, typeOf(value));
      const title = rowTitle(field, inner, value);
      names.push(`${Number(part) + 1}${title ? ` “${title}”` : ""}`);
      siblings = inner ?? (item ? [item] : []);
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

/** The title of a list's row as the form shows it (schema-fields.ts summaryOf): its title field's text, else a section's type. */
function rowTitle(list: Field, fields: Field[] | undefined, item: unknown): string | undefined {
  const first = fields && titleField(fields);
  const text = first && (item as Record<string, unknown> | undefined)?.[first.name];
  if (typeof text === "string" && text.trim()) return text.trim();
  return variantOf(list, typeOf(item))?.label;
}

/** A section type as the form's Add section menu names it ("Rich Text", not `richText`). */
export function sectionLabel(type: unknown): string {
  const sections = entryFields("page").find((f) => f.name === "sections");
  return (sections && variantOf(sections, type)?.label) ?? "section";
}
