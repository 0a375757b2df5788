/**
 * What `npm run types` requires of a form folder's schema.json beyond being JSON Schema, so a new
 * form that breaks the conventions the server reads fails the build with the file and the reason:
 * the hidden fields by reference (never copied), the address field marked by its role, and an
 * "x-form" naming what the mails and the listing need.
 */

const HIDDEN_REF = "../hidden.schema.json";
const ROLES = ["email"];
const TEXTS = ["subject", "heading", "success"] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The problems of one form schema, each a sentence starting with its file; none when it is sound. */
export function formSchemaErrors(file: string, schema: unknown, hiddenFields: readonly string[]): string[] {
  if (!isObject(schema)) return [`${file}: a form's schema is a JSON object.`];
  const errors: string[] = [];
  const problem = (message: string) => errors.push(`${file}: ${message}`);
  const allOf = schema.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 1 || !isObject(allOf[0]) || allOf[0].$ref !== HIDDEN_REF || schema.unevaluatedProperties !== false) {
    problem(`the hidden fields come by reference: write "allOf": [{ "$ref": "${HIDDEN_REF}" }] and "unevaluatedProperties": false.`);
  }
  if ("additionalProperties" in schema) problem(`"additionalProperties" would refuse the hidden fields; "unevaluatedProperties": false closes the form.`);
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const name of Object.keys(properties).filter((n) => hiddenFields.includes(n))) {
    problem(`"${name}" is a hidden field every form has (hidden.schema.json); leave it out of properties.`);
  }
  const roles = Object.entries(properties).flatMap(([name, p]) => (isObject(p) && p["x-role"] !== undefined ? [[name, p["x-role"]] as const] : []));
  for (const [name, role] of roles.filter(([, role]) => !ROLES.includes(String(role)))) {
    problem(`"${name}" has "x-role": ${JSON.stringify(role)}; a field's role is one of ${ROLES.map((r) => `"${r}"`).join(", ")}.`);
  }
  const addresses = roles.filter(([, role]) => role === "email").map(([name]) => name);
  if (addresses.length > 1) problem(`only one field may carry the visitor's address ("x-role": "email"), not ${addresses.join(" and ")}.`);
  const form = isObject(schema["x-form"]) ? schema["x-form"] : {};
  for (const key of TEXTS.filter((k) => typeof form[k] !== "string")) problem(`"x-form" needs "${key}" (text).`);
  const receipt = form.receipt;
  if (!isObject(receipt) || typeof receipt.subject !== "string" || typeof receipt.sent !== "string") {
    problem(`"x-form" needs "receipt": { "subject": …, "sent": … }.`);
  }
  const summary = form.summary;
  if (!Array.isArray(summary) || summary.length === 0) problem(`"x-form" needs "summary": the fields that sum an enquiry up in a listing.`);
  else for (const name of summary.filter((n) => !(String(n) in properties))) problem(`"x-form" summary names "${String(name)}", which is not a property.`);
  return errors;
}
