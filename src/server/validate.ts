/**
 * Validation of form bodies against the schemas of schema/forms/ (the source of truth, which
 * `npm run types` turns into src/content/generated/forms.ts: the server reads no schema file at
 * run time), with error messages in plain words built from each property's `title`.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { createAjv } from "../content/ajv.ts";
import { formSchemas as generated } from "../content/generated/forms.ts";
import type { ContactForm } from "../content/generated/contact.ts";
import type { QuoteRequestForm as QuoteForm } from "../content/generated/quote.ts";
import type { FormKind } from "./store.ts";

/** The forms, declared with the store that keeps their enquiries. */
export type { FormKind };
export const FORM_KINDS: readonly FormKind[] = ["contact", "quote"];

export type { ContactForm, QuoteForm };

interface PropertySchema {
  title?: string;
  type?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

export interface FormSchema {
  $id: string;
  title: string;
  required: string[];
  properties: Record<string, PropertySchema>;
}

export interface FieldError {
  /** Property name, or "" for the body as a whole. */
  field: string;
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export const formSchemas: Readonly<Record<FormKind, FormSchema>> = generated;

/** Where the visit came from: hidden fields the form's script fills, stored apart from what the visitor typed. */
export const SOURCE_FIELDS = ["page", "landingPage", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const;
export type LeadSource = Partial<Record<(typeof SOURCE_FIELDS)[number], string>>;
/** Hidden fields: the honeypot, the spam defence's two, and the source; never shown as what the visitor typed. */
export const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["website", "timeToken", "altcha", ...SOURCE_FIELDS]);

/** Fields in schema order with their labels, e.g. [["name", "Name"], ...]; the hidden ones left out. */
export function formFields(kind: FormKind): Array<[field: string, label: string]> {
  return Object.entries(formSchemas[kind].properties)
    .filter(([field]) => !HIDDEN_FIELDS.has(field))
    .map(([field, prop]) => [field, prop.title ?? field]);
}

const ajv = createAjv();
const validators: Record<FormKind, ValidateFunction> = {
  contact: ajv.compile(formSchemas.contact),
  quote: ajv.compile(formSchemas.quote),
};

/** Multi-line fields: tabs and line breaks are allowed there, and the e-mail shows them as a block. */
export const MULTILINE_FIELDS = new Set(["message", "requirements"]);
/** Control and text-direction characters, for the wording of a refusal (the schema's pattern refuses them). */
const NOT_ALLOWED = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/** An answer names at most this many problems, and quotes at most this much of an unknown key. */
const MAX_ERRORS = 10;
const MAX_KEY_SHOWN = 40;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Turns one ajv error into a sentence a visitor understands, or undefined when another error covers it. */
function describe(kind: FormKind, error: ErrorObject, body: Record<string, unknown>): FieldError | undefined {
  const schema = formSchemas[kind];
  const field = error.instancePath.startsWith("/") ? (error.instancePath.slice(1).split("/")[0] ?? "") : "";
  const label = (name: string) => schema.properties[name]?.title ?? name;
  const value = field ? body[field] : undefined;
  const blank = typeof value === "string" && value.trim() === "";
  const isRequired = schema.required.includes(field);

  switch (error.keyword) {
    case "type":
      if (field === "") return { field, message: "The form data must be a JSON object." };
      return { field, message: `${label(field)} must be text.` };
    case "required": {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return { field: missing, message: `${label(missing)} is required.` };
    }
    case "additionalProperties": {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      const shown = [...extra].length > MAX_KEY_SHOWN ? `${[...extra].slice(0, MAX_KEY_SHOWN).join("")}…` : extra;
      return { field: shown, message: `"${shown}" is not a field of this form.` };
    }
    case "minLength":
      if (blank) return { field, message: `${label(field)} is required.` };
      return { field, message: `${label(field)} must be at least ${plural(Number(error.params.limit), "character")}.` };
    case "maxLength":
      return { field, message: `${label(field)} must be at most ${plural(Number(error.params.limit), "character")}.` };
    case "format":
      if (blank) return { field, message: isRequired ? `${label(field)} is required.` : `${label(field)} is not valid.` };
      if (error.params.format === "email") return { field, message: `${label(field)} must be a valid e-mail address, like name@example.com.` };
      return { field, message: `${label(field)} is not valid.` };
    case "pattern":
      if (typeof value !== "string") return undefined;
      if (/[\r\n\u2028\u2029\u0085]/.test(value) && !MULTILINE_FIELDS.has(field)) {
        return { field, message: `${label(field)} must be a single line (no line breaks).` };
      }
      if (NOT_ALLOWED.test(value.replace(MULTILINE_FIELDS.has(field) ? /[\t\r\n]/g : /(?!)/g, ""))) {
        return { field, message: `${label(field)} contains a control or text-direction character, which is not allowed.` };
      }
      if (isRequired) return { field, message: `${label(field)} is required.` };
      return { field, message: `${label(field)} must contain visible text, or be left empty.` };
    default:
      return { field, message: field ? `${label(field)} is not valid.` : "The form data is not valid." };
  }
}

/** Half of a UTF-16 pair without its other half: JSON can carry it, but it is no character, and would be stored as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The fields holding a lone surrogate, each as a refusal (the schemas' patterns let one through). */
function loneSurrogates(kind: FormKind, body: unknown): FieldError[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>)
    .filter(([, value]) => typeof value === "string" && LONE_SURROGATE.test(value))
    .map(([field]) => ({
      field,
      message: `${formSchemas[kind].properties[field]?.title ?? "A field"} contains a broken character (an unpaired surrogate); please retype it.`,
    }));
}

/** Validates a parsed JSON body; on success returns the data with every string trimmed. */
export function validateForm<K extends FormKind>(kind: K, body: unknown): ValidationResult<K extends "contact" ? ContactForm : QuoteForm> {
  const broken = loneSurrogates(kind, body);
  if (broken.length > 0) return { ok: false, errors: broken.slice(0, MAX_ERRORS) };
  const validate = validators[kind];
  if (validate(body)) {
    const trimmed: Record<string, string> = {};
    for (const [key, value] of Object.entries(body as Record<string, string>)) trimmed[key] = value.trim();
    return { ok: true, value: trimmed as unknown as K extends "contact" ? ContactForm : QuoteForm };
  }
  const record = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const described = describe(kind, error, record);
    if (!described) continue;
    // One message per field is enough; the first (schema order) wins.
    if (seen.has(described.field)) continue;
    seen.add(described.field);
    errors.push(described);
  }
  if (errors.length === 0) errors.push({ field: "", message: "The form data is not valid." });
  const order = Object.keys(formSchemas[kind].properties);
  const rank = (field: string) => (field === "" ? -1 : order.includes(field) ? order.indexOf(field) : order.length);
  errors.sort((a, b) => rank(a.field) - rank(b.field));
  if (errors.length > MAX_ERRORS) {
    const more = errors.length - (MAX_ERRORS - 1);
    return { ok: false, errors: [...errors.slice(0, MAX_ERRORS - 1), { field: "", message: `And ${more} more problems.` }] };
  }
  return { ok: false, errors };
}

/** One sentence for the whole set, e.g. "Name is required. Email must be a valid e-mail address, like name@example.com." */
export function summarize(errors: FieldError[]): string {
  return errors.map((e) => e.message).join(" ");
}
