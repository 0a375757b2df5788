/**
 * A held enquiry as sales judges it, in the digest mail and on the review page alike: reference,
 * form, name, address, the start of the message, where the visit came from, why it was held, and
 * what was done with it since. The digest shows each field cut short, the page whole (heldEntry's
 * `shorten`). The links are the caller's: this module knows none.
 */
import { FIELD_TYPES } from "../../forms/field-types.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { emailOf, fieldsOf, type LeadSource } from "../../forms/schema.ts";
import { formatReceived, schemaOf, sourceLines } from "./enquiry.ts";

/** How much of a message the digest shows. */
export const EXCERPT_CHARS = 200;
/**
 * How much of each other field a digest shows (name, address, where the visit came from, each
 * reason): enough to read a real one, so that a post with every field at its schema's maximum
 * (a landing page of 500 characters) does not make the digest's mail large. The review page shows them whole.
 */
export const SHOWN_CHARS = 120;
/** What ends a cut value. */
export const ELLIPSIS = "…";

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

/**
 * The first `chars` characters of `text`, then an ellipsis when there was more. Counted in code
 * points, so a character outside the BMP (an emoji) is never split into half a surrogate pair, and
 * each costs at most 4 bytes: what the digest's size rests on.
 */
export function cut(text: string, chars: number): string {
  const points = [...text];
  return points.length > chars ? `${points.slice(0, chars).join("")}${ELLIPSIS}` : text;
}

/** The form's message (its first multi-line field), on one line, its first EXCERPT_CHARS characters. */
function excerptOf(row: HeldRow): string {
  const field = fieldsOf(schemaOf(row.kind)).find((f) => FIELD_TYPES[f.type].multiline);
  return cut(field ? oneLine(row.payload[field.name]) : "", EXCERPT_CHARS);
}

/**
 * `shorten`: each field cut to SHOWN_CHARS (the digest); without it, whole (the review page), but
 * for the message, which both show the start of.
 */
export function heldEntry(row: HeldRow, links?: HeldEntry["links"], shorten = false): HeldEntry {
  const schema = schemaOf(row.kind);
  const shown = (text: string) => (shorten ? cut(text, SHOWN_CHARS) : text);
  const source = Object.fromEntries(Object.entries(row.source).map(([key, value]) => [key, typeof value === "string" ? shown(oneLine(value)) : value]));
  return {
    ...{ reference: row.reference, form: schema.title, name: shown(oneLine(row.payload.name)), email: shown(oneLine(emailOf(schema, row.payload))) },
    ...{ received: formatReceived(row.createdAt), excerpt: excerptOf(row), source: sourceLines(source), reasons: reasonsInWords(row.reasons).map(shown) },
    note: row.review?.action === "spam" ? "Marked as spam since." : row.status === "quarantined" ? undefined : "Released since.",
    links,
  };
}
