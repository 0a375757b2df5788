/**
 * A form's payload schema as the code reads it (src/forms/<kind>/schema.json): the visitor's fields
 * are its own properties, in order; the hidden fields every form carries come from
 * hidden.schema.json, which each form refers to; what the form says of itself is its "x-form", and
 * what a field is for beyond its kind is its "x-role". The server, the mails, the CSV and the
 * content check read these, never a field's name.
 */
import hidden from "./hidden.schema.json" with { type: "json" };
import { fieldTypeOf, type FieldSchema, type FieldTypeName } from "./field-types.ts";

/** What a field is for beyond its kind: the visitor's address (receipts, erasure, the repeat rule) or the honeypot. */
export type FieldRole = "email" | "honeypot";

export interface PropertySchema extends FieldSchema {
  title?: string;
  minLength?: number;
  maxLength?: number;
  "x-role"?: FieldRole;
}

/** What a form says of itself beside its fields (its schema's "x-form"). */
export interface FormAnnotation {
  /** The sales mail's subject: {field} is the field's value; a [part] is left out when its fields are empty. */
  subject: string;
  /** The first line of the sales mail. */
  heading: string;
  /** The server's answer to a post it took. */
  success: string;
  /** The visitor's receipt: its subject ({reference}, {company}) and what they sent, as in "thank you for your …". */
  receipt: { subject: string; sent: string };
  /** The fields that sum an enquiry up in a listing (`npm run submissions`), beside its name and address. */
  summary: string[];
}

export interface FormSchema {
  $id: string;
  title: string;
  "x-form": FormAnnotation;
  required: string[];
  properties: Record<string, PropertySchema>;
}

/** The hidden fields, declared once for every form. */
export const HIDDEN_PROPERTIES: Readonly<Record<string, PropertySchema>> = hidden.properties as Record<string, PropertySchema>;

/** The hidden field robots fill in: a post with anything in it is counted as spam. */
export const HONEYPOT: string = Object.keys(HIDDEN_PROPERTIES).find((name) => HIDDEN_PROPERTIES[name]!["x-role"] === "honeypot")!;

/** Where the visit came from: hidden fields (the page a form carries, the rest its script fills), stored apart from what the visitor typed. */
export const SOURCE_FIELDS = ["page", "landingPage", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const;
export type LeadSource = Partial<Record<(typeof SOURCE_FIELDS)[number], string>>;
/** The spam defence's two hidden fields. */
export const SPAM_FIELDS = ["timeToken", "altcha"] as const;

/** The hidden fields' names: the honeypot, the spam defence's two, and the source; never shown as what the visitor typed. */
export const HIDDEN_FIELDS: ReadonlySet<string> = new Set(Object.keys(HIDDEN_PROPERTIES));

/** A property of the form, the visitor's or a hidden one. */
export function propertyOf(schema: FormSchema, name: string): PropertySchema | undefined {
  return Object.hasOwn(schema.properties, name) ? schema.properties[name] : Object.hasOwn(HIDDEN_PROPERTIES, name) ? HIDDEN_PROPERTIES[name] : undefined;
}

/** Every property's name in the order a refusal lists them: the visitor's fields, then the hidden ones. */
export function propertyNames(schema: FormSchema): string[] {
  return [...Object.keys(schema.properties), ...HIDDEN_FIELDS];
}

/** One field the visitor fills in: its name, its label (the property's title) and its kind. */
export interface FormField {
  name: string;
  label: string;
  type: FieldTypeName;
}

/** The visitor's fields of a form in schema order. */
export function fieldsOf(schema: FormSchema): FormField[] {
  return Object.entries(schema.properties).map(([name, prop]) => ({ name, label: prop.title ?? name, type: fieldTypeOf(prop) }));
}

/** The name of the field marked with `role`, if the form has one. */
export function fieldWithRole(schema: FormSchema, role: FieldRole): string | undefined {
  return Object.keys(schema.properties).find((name) => schema.properties[name]!["x-role"] === role);
}

/** The visitor's address in `payload`: the value of the field marked "x-role": "email", or "" when there is none. */
export function emailOf(schema: FormSchema, payload: Record<string, unknown>): string {
  const field = fieldWithRole(schema, "email");
  const value = field === undefined ? undefined : payload[field];
  return typeof value === "string" ? value : "";
}
