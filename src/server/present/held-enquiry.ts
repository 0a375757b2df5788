/**
 * A held enquiry as sales judges it, in the digest mail and on the review page alike: reference,
 * form, name, address, the start of the message, where the visit came from, why it was held, and
 * what was done with it since. The links are the caller's: this module knows none.
 */
import { FIELD_TYPES } from "../../forms/field-types.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { emailOf, fieldsOf, type LeadSource } from "../../forms/schema.ts";
import { formatReceived, schemaOf, sourceLines } from "./enquiry.ts";

/** How much of a message the digest shows. */
export const EXCERPT_CHARS = 200;

/** What is shown of a stored enquiry (the store's SubmissionRow has it; this module imports nothing of the store). */
export interface HeldRow {
  kind: FormKind;
  reference: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  source: LeadSource;
  /** The spam verdict's findings, as stored. */
  reasons: unknown;
  status: string;
  review: { action: "released" | "spam"; at: Date } | null;
}

/** One held enquiry as it is shown. */
export interface HeldEntry {
  reference: string;
  form: string;
  name: string;
  email: string;
  received: string;
  excerpt: string;
  /** Where the visit came from, as "label: value" lines; empty when not known. */
  source: string[];
  reasons: string[];
  /** Set once someone released it or marked it as spam. */
  note: string | undefined;
  links: { release: string; spam: string } | undefined;
}

const oneLine = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");

/** The reasons' sentences, as the verdict stored them (spam/findings.ts). */
export function reasonsInWords(reasons: unknown): string[] {
  if (!Array.isArray(reasons)) return [];
  return reasons.map((f) => oneLine((f as { reason?: unknown } | null)?.reason)).filter((r) => r !== "");
}

/** The first EXCERPT_CHARS characters of the form's message (its first multi-line field), on one line. */
function excerptOf(row: HeldRow): string {
  const field = fieldsOf(schemaOf(row.kind)).find((f) => FIELD_TYPES[f.type].multiline);
  const text = field ? oneLine(row.payload[field.name]) : "";
  const chars = [...text];
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join("")}…` : text;
}

export function heldEntry(row: HeldRow, links?: HeldEntry["links"]): HeldEntry {
  const schema = schemaOf(row.kind);
  return {
    ...{ reference: row.reference, form: schema.title, name: oneLine(row.payload.name), email: oneLine(emailOf(schema, row.payload)) },
    ...{ received: formatReceived(row.createdAt), excerpt: excerptOf(row), source: sourceLines(row.source), reasons: reasonsInWords(row.reasons) },
    note: row.review?.action === "spam" ? "Marked as spam since." : row.status === "quarantined" ? undefined : "Released since.",
    links,
  };
}
