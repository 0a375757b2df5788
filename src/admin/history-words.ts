/**
 * What changed between two versions of an entry, in the form's own words: each changed field by
 * its label (“Banner › Heading”) with its old and new text, never the YAML lines or their markers
 * (`- >-`). The same words name a save's commit ("Changed the About page: heading") and show what
 * a restore brings back.
 */
import type { Field } from "./schema-fields.ts";

export interface FieldChange {
  /** The labels from the entry down to the field: ["Banner", "Heading"]. */
  labels: string[];
  before?: string;
  after?: string;
}

type Fields = readonly Field[] | undefined;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as a reader would quote it: text with its spaces collapsed, at most 160 characters. */
export function quoted(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (Array.isArray(value)) return value.map(quoted).join(", ");
  if (isObject(value)) {
    const text = ["title", "heading", "label", "name", "text", "alt"].map((key) => value[key]).find((v) => typeof v === "string" && v.trim());
    return text === undefined ? "(a group of fields)" : quoted(text);
  }
  const text = String(value).replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

const labelOf = (field: Field | undefined, key: string) => field?.label ?? key;
const fieldNamed = (fields: Fields, key: string) => fields?.find((f) => f.name === key);

/** An item of a list, as its row in the form names it: a section by its type's label, else the list's singular label and its number. */
function itemLabel(field: Field | undefined, item: unknown, index: number): string {
  if (field && "types" in field && field.types && isObject(item)) {
    const variant = field.types.find((t) => t.name === item[field.typeKey ?? "type"]);
    if (variant) return variant.label ?? variant.name;
  }
  const singular = field && "label_singular" in field ? field.label_singular : undefined;
  return `${singular ?? labelOf(field, "item")} ${index + 1}`;
}

function itemFields(field: Field | undefined, item: unknown): Fields {
  if (!field) return undefined;
  if ("types" in field && field.types && isObject(item)) return field.types.find((t) => t.name === item[field.typeKey ?? "type"])?.fields;
  if ("fields" in field && field.fields) return field.fields;
  return undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function walk(before: unknown, after: unknown, field: Field | undefined, fields: Fields, labels: string[], out: FieldChange[]): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (key.startsWith("_")) continue;
      const inner = fieldNamed(fields, key);
      walk(before[key], after[key], inner, inner && "fields" in inner ? inner.fields : undefined, [...labels, labelOf(inner, key)], out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].some(isObject)) {
    // The same items in another order: a move, said once.
    const sorted = (list: unknown[]) => list.map((i) => JSON.stringify(i)).sort();
    if (before.length === after.length && same(sorted(before), sorted(after))) {
      out.push({
        labels: [...labels, "order"],
        before: before.map((i, n) => itemLabel(field, i, n)).join(", "),
        after: after.map((i, n) => itemLabel(field, i, n)).join(", "),
      });
      return;
    }
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const item = after[i] ?? before[i];
      const name = [...labels, itemLabel(field, item, i)];
      if (i >= before.length) out.push({ labels: name, after: quoted(after[i]) });
      else if (i >= after.length) out.push({ labels: name, before: quoted(before[i]) });
      else walk(before[i], after[i], undefined, itemFields(field, after[i]), name, out);
    }
    return;
  }
  out.push({ labels, before: before === undefined ? undefined : quoted(before), after: after === undefined ? undefined : quoted(after) });
}

/** The fields that differ between two versions' data, in the order of the form. */
export function changesInWords(before: unknown, after: unknown, fields: Fields): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before ?? {}, after ?? {}, undefined, fields, [], out);
  return out;
}

/** One change as a line: “Banner › Heading: “About Us” → “About Lariox””. */
export function describeChange({ labels, before, after }: FieldChange): string {
  const where = labels.join(" › ");
  if (before === undefined) return `${where}: added “${after}”`;
  if (after === undefined) return `${where}: removed “${before}”`;
  return `${where}: “${before}” → “${after}”`;
}

/** The entry in words: “the About page”, “the site settings”. */
export function entryInWords(collection: string, data: unknown): string {
  if (collection === "site") return "the site settings";
  const title = isObject(data) && typeof data.title === "string" ? data.title.trim() : "";
  return title ? `the ${title} page` : "a page";
}

/** A save's commit message: "Changed the About page: heading and summary", "Added the page “Commissioning”". */
export function saveMessage(collection: string, before: unknown, after: unknown, fields: Fields, isNew: boolean): string {
  const name = entryInWords(collection, after);
  if (isNew) return `Added ${name}`;
  const fieldNames = [...new Set(changesInWords(before, after, fields).map((c) => c.labels.at(-1)!.toLowerCase()))];
  if (fieldNames.length === 0) return `Saved ${name} unchanged`;
  const shown = fieldNames.slice(0, 3);
  const rest = fieldNames.length - shown.length;
  const list = rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : shown[0];
  return `Changed ${name}: ${list}`;
}
