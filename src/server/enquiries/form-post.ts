/**
 * The plain HTML form post (`application/x-www-form-urlencoded`), what a form sends without script:
 * how it is told apart, read into the payload's shape, and drawn again after a refusal.
 */
import type { FastifyError, FastifyRequest } from "fastify";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { fieldsOf, formSchemas, type FormKind } from "./validate.ts";

/** The media type a browser posts a form without script in. */
export const FORM_POST_TYPE = "application/x-www-form-urlencoded";

/** Whether `request` is a plain HTML form post, answered with a page. */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").split(";", 1)[0]!.trim().toLowerCase() === FORM_POST_TYPE;
}

/**
 * A form post's fields, as the browser wrote them (the WHATWG urlencoded format, which
 * URLSearchParams reads exactly). A name sent twice keeps both values, which the schema refuses as
 * not text. A form post writes every line break as CR LF; the page's own script sends LF, so the
 * same text is stored the same way either way.
 */
export function parseFormPost(text: string): Record<string, string | string[]> {
  // No prototype: a field named "__proto__" is just an unknown field.
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, raw] of new URLSearchParams(text)) {
    const value = raw.replace(/\r\n/g, "\n");
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

/**
 * A form post's fields as the payload holds them (field-types.ts): a ticked checkbox posts "on"
 * and an unticked one nothing, where the page's script sends true or false.
 */
export function fromPost(kind: FormKind, body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  for (const { name, type } of fieldsOf(formSchemas[kind])) {
    const raw = fields[name];
    if (type === "checkbox" && (raw === undefined || typeof raw === "string")) fields[name] = FIELD_TYPES.checkbox.fromPost(raw);
  }
  return fields;
}

/** The values of a parsed body, to draw the form again with: text as sent, a ticked box as "on". */
export function textValues(body: unknown): Record<string, string> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]): Array<[string, string]> =>
      typeof value === "string" ? [[name, value]] : value === true ? [[name, "on"]] : [],
    ),
  );
}

/** A form post Fastify refused before the handler (too large, broken): its page says so in words. */
export function formPostErrorMessage(error: FastifyError, bodyLimit: number): string {
  if (error.statusCode === 413) return `The form is too large to send (over ${bodyLimit / 1024} KB). Please shorten your message and send it again.`;
  if (error.statusCode !== undefined && error.statusCode < 500) return "The form could not be read. Please send it again.";
  return "Something went wrong on our side and your form was not saved. Please try again in a few minutes, or e-mail us directly.";
}
