import type { SectionOf } from "../../content/types.ts";
import { fill } from "../../ui/format.ts";
import { missingRequired, type FieldError } from "./send.ts";

type FormSection = SectionOf<"form">;

/** What the visitor is told when a form was not sent: the toast's title and text, and a message per field. */
export interface RefusalNotice {
  title: string;
  text: string;
  /** Reasons that belong to no field of the form (a rate limit, an unknown key), shown with the text. */
  more: string[];
  /** Field name -> the message shown under it. */
  fields: Record<string, string>;
}

/** The required fields of `section` left empty in `values`, each with its message (the section's requiredMessage, or the invalid toast's text). */
export function missingFields(section: FormSection, values: Record<string, string | boolean>): FieldError[] {
  if (!section.checkRequired) return [];
  const required = section.fields.filter((f) => f.required);
  const text = (section.toasts.invalid ?? section.toasts.failure).text;
  return missingRequired(
    values,
    required.map((f) => f.name),
  ).map((name) => {
    const label = required.find((f) => f.name === name)?.label ?? name;
    return { field: name, message: section.requiredMessage ? fill(section.requiredMessage, { label }) : text };
  });
}

/**
 * The notice for a refused submission, the same with and without script: a required field left
 * empty (on a form that checks them, and refused by the server) gets the invalid toast; anything else the failure toast, with
 * the server's message where the form shows it. Field errors go under their fields; a reason the
 * toast does not carry and no field shows (a rate limit on a form that hides the server's message)
 * is added, so the visitor always learns why.
 */
export function refusalNotice(
  section: FormSection,
  values: Record<string, string | boolean>,
  refusal: { serverMessage?: string | undefined; fieldErrors: FieldError[] },
): RefusalNotice {
  const own = (e: FieldError) => section.fields.some((f) => f.name === e.field);
  // Required fields the server refused too: a refusal before the values were read (another site's
  // post, a body too large) is about no field, however empty they are.
  const missing = missingFields(section, values).filter((m) => refusal.fieldErrors.some((e) => e.field === m.field));
  const fields: Record<string, string> = {};
  for (const e of [...missing, ...refusal.fieldErrors.filter(own)]) fields[e.field] ??= e.message;
  const others = refusal.fieldErrors.filter((e) => !own(e)).map((e) => e.message);
  const { toasts } = section;
  if (missing.length > 0) {
    const t = toasts.invalid ?? toasts.failure;
    return { title: t.title, text: t.text, more: others, fields };
  }
  const text = section.serverMessage && refusal.serverMessage ? refusal.serverMessage : toasts.failure.text;
  const unexplained = refusal.fieldErrors.length === 0 && refusal.serverMessage && text !== refusal.serverMessage ? [refusal.serverMessage] : [];
  // With the server's message as the text, the reasons of other fields are in it already.
  const more = text === refusal.serverMessage ? [] : [...unexplained, ...others];
  return { title: toasts.failure.title, text, more, fields };
}
