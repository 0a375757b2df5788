/**
 * How an enquiry is shown to a person, in a mail or on a page: its fields in the form's order with
 * their labels, when it came (in SITE_TIME_ZONE), and where the visit came from. The mails' text and
 * HTML parts and the server's pages take their lines from here, so they say the same things.
 */
import { shownText, type ChoiceLabels } from "../../forms/choice-labels.ts";
import { FIELD_TYPES, type FieldTypeName } from "../../forms/field-types.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { fieldsOf, type FormSchema, type LeadSource } from "../../forms/schema.ts";
import { formSchemas } from "../../forms/schemas.generated.ts";

export { formatMoment as formatReceived } from "../site-time.ts";

/** The form's schema, by its kind. */
export const schemaOf = (kind: FormKind): FormSchema => (formSchemas as Record<FormKind, FormSchema>)[kind];

const str = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));

/** A single-line value as one line, even if a line break got past the schema. */
export const oneLine = (value: unknown): string =>
  str(value)
    .replace(/[\r\n]+/g, " ")
    .trim();

/** A multi-line value with its line breaks as LF, trimmed. */
export const manyLines = (value: string): string => value.trim().replace(/\r\n?/g, "\n");

/** One field of an enquiry, as shown. */
export interface ShownField {
  name: string;
  label: string;
  type: FieldTypeName;
  multiline: boolean;
  /** The value as text (a choice by its page label, a checkbox as yes or no); "" when not given. */
  value: string;
}

/**
 * The fields of an enquiry in the form's order, choices shown by the label the page gave them.
 * `omit`: fields left out (the receipt leaves out the address it goes to).
 */
export function shownFields(
  kind: FormKind,
  payload: Record<string, unknown>,
  labels?: ChoiceLabels,
  omit: readonly (string | undefined)[] = [],
  schema: FormSchema = schemaOf(kind),
): ShownField[] {
  return fieldsOf(schema)
    .filter((f) => !omit.includes(f.name))
    .map(({ name, label, type }) => {
      const multiline = FIELD_TYPES[type].multiline;
      const text = shownText(labels, kind, name, FIELD_TYPES[type].text(payload[name]));
      return { name, label, type, multiline, value: multiline ? manyLines(text) : oneLine(text) };
    });
}

/**
 * The fields as plain-text lines: one-line fields as "Label: value" aligned, then each multi-line
 * one as a block. `missing`: what an empty field shows; undefined leaves empty fields out.
 */
export function fieldTextLines(fields: readonly ShownField[], missing?: string): string[] {
  const width = Math.max(0, ...fields.filter((f) => !f.multiline).map((f) => f.label.length)) + 2;
  const lines: string[] = [];
  const blocks: string[] = [];
  for (const f of fields) {
    const value = f.value || missing;
    if (value === undefined) continue;
    if (f.multiline) blocks.push("", `${f.label}:`, value);
    else lines.push(`${`${f.label}:`.padEnd(width)}${value}`);
  }
  return [...lines, ...blocks];
}

const SOURCE_LABELS: ReadonlyArray<[keyof LeadSource, string]> = [
  ["page", "Sent from"],
  ["landingPage", "Landing page"],
  ["referrer", "Referred by"],
  ["utmSource", "utm_source"],
  ["utmMedium", "utm_medium"],
  ["utmCampaign", "utm_campaign"],
  ["utmTerm", "utm_term"],
  ["utmContent", "utm_content"],
];

/** Where the visit came from, as [label, value] (only what is known). */
export function sourceRows(source: LeadSource): Array<[string, string]> {
  return SOURCE_LABELS.filter(([key]) => oneLine(source[key]) !== "").map(([key, label]) => [label, oneLine(source[key])]);
}

/** Where the visit came from, as aligned "label: value" lines (only what is known). */
export function sourceLines(source: LeadSource): string[] {
  const rows = sourceRows(source);
  const width = Math.max(0, ...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
}

/** The line said when where the visit came from is not known. */
export const SOURCE_UNKNOWN = "(not known: sent without the page's script)";
