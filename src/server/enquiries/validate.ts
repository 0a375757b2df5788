/**
 * Validation of form bodies against the payload schemas of src/forms/ (imported as modules through
 * src/forms/schemas.generated.ts, which `npm run types` writes: the server reads no schema file at
 * run time), with error messages in plain words built from each property's `title`.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { createAjv } from "../../content/ajv.ts";
import { FIELD_TYPES, fieldTypeOf } from "../../forms/field-types.ts";
import { FORM_KINDS, type FormKind } from "../../forms/kinds.generated.ts";
import { fieldDefs, formSchemas as generated, hiddenSchema } from "../../forms/schemas.generated.ts";
import { propertyNames, propertyOf, type FormSchema } from "../../forms/schema.ts";

/** The forms, one a folder of src/forms/ (the store keeps any of them). */
export { FORM_KINDS, type FormKind };
export { SOURCE_FIELDS, SPAM_FIELDS, fieldsOf, emailOf } from "../../forms/schema.ts";
export type { FormAnnotation, FormField, FormSchema, LeadSource } from "../../forms/schema.ts";

export interface FieldError {
  /** Property name, or "" for the body as a whole. */
  field: string;
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export const formSchemas: Readonly<Record<FormKind, FormSchema>> = generated as Record<FormKind, FormSchema>;

const ajv = createAjv();
// Ours, not JSON Schema's: what the form says of itself and what a field is for (forms/schema.ts); ajv's strict mode refuses unknown keywords.
ajv.addKeyword({ keyword: "x-form", schemaType: "object" });
ajv.addKeyword({ keyword: "x-role", schemaType: "string" });
ajv.addSchema(fieldDefs);
ajv.addSchema(hiddenSchema);
const validators = new WeakMap<FormSchema, ValidateFunction>();
const validatorOf = (schema: FormSchema) => validators.get(schema) ?? validators.set(schema, ajv.compile(schema)).get(schema)!;

/** Control and text-direction characters, for the wording of a refusal (the schema's pattern refuses them). */
const NOT_ALLOWED = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/** An answer names at most this many problems, and quotes at most this much of an unknown key. */
const MAX_ERRORS = 10;
const MAX_KEY_SHOWN = 40;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Turns one ajv error into a sentence a visitor understands, or undefined when another error covers it. */
function describe(schema: FormSchema, error: ErrorObject, body: Record<string, unknown>): FieldError | undefined {
  const field = error.instancePath.startsWith("/") ? (error.instancePath.slice(1).split("/")[0] ?? "") : "";
  const label = (name: string) => propertyOf(schema, name)?.title ?? name;
  const value = field ? body[field] : undefined;
  const blank = typeof value === "string" && value.trim() === "";
  const isRequired = schema.required.includes(field);
  const property = propertyOf(schema, field);
  const type = property ? fieldTypeOf(property) : "text";
  const multiline = FIELD_TYPES[type].multiline;

  switch (error.keyword) {
    case "type":
      if (field === "") return { field, message: "The form data must be a JSON object." };
      if (type === "checkbox") return { field, message: `${label(field)} must be ticked or not (true or false).` };
      return { field, message: `${label(field)} must be text.` };
    case "enum":
      if (blank && isRequired) return { field, message: `${label(field)} is required.` };
      return { field, message: `${label(field)} must be one of its choices.` };
    case "required": {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return { field: missing, message: `${label(missing)} is required.` };
    }
    case "unevaluatedProperties": {
      const extra = String((error.params as { unevaluatedProperty: string }).unevaluatedProperty);
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
      if (/[\r\n\u2028\u2029\u0085]/.test(value) && !multiline) {
        return { field, message: `${label(field)} must be a single line (no line breaks).` };
      }
      if (NOT_ALLOWED.test(value.replace(multiline ? /[\t\r\n]/g : /(?!)/g, ""))) {
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
function loneSurrogates(schema: FormSchema, body: unknown): FieldError[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>)
    .filter(([, value]) => typeof value === "string" && LONE_SURROGATE.test(value))
    .map(([field]) => ({
      field,
      message: `${propertyOf(schema, field)?.title ?? "A field"} contains a broken character (an unpaired surrogate); please retype it.`,
    }));
}

/** `body` without the fields whose value means "not given" (field-types.ts `unset`). */
function withoutUnset(schema: FormSchema, body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const props = schema.properties;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => !(props[key] && FIELD_TYPES[fieldTypeOf(props[key])].unset(value))));
}

/**
 * Validates a parsed JSON body against the form's schema (`kind`'s, unless one is given); on success
 * returns the data as stored (text trimmed, field-types.ts).
 */
export function validateForm(kind: string, body: unknown, schema: FormSchema = formSchemas[kind as FormKind]): ValidationResult<Record<string, unknown>> {
  body = withoutUnset(schema, body);
  const broken = loneSurrogates(schema, body);
  if (broken.length > 0) return { ok: false, errors: broken.slice(0, MAX_ERRORS) };
  const validate = validatorOf(schema);
  if (validate(body)) {
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) stored[key] = FIELD_TYPES[fieldTypeOf(propertyOf(schema, key)!)].stored(value);
    return { ok: true, value: stored };
  }
  const record = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const described = describe(schema, error, record);
    if (!described) continue;
    // One message per field is enough; the first (schema order) wins.
    if (seen.has(described.field)) continue;
    seen.add(described.field);
    errors.push(described);
  }
  if (errors.length === 0) errors.push({ field: "", message: "The form data is not valid." });
  const order = propertyNames(schema);
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
