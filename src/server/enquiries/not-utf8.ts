/**
 * A form's body must be UTF-8 text. Bytes that are not (raw in the body, or %-escaped in a form
 * post, such as ED A0 80, half of a UTF-16 pair) would be read as U+FFFD and stored so, the
 * visitor's text silently changed: the parsers note which fields held them, and the post is
 * refused naming those fields.
 */
import { isUtf8 } from "node:buffer";

const REPLACEMENT = "\uFFFD";

/** Parsed bodies and the fields whose bytes were not UTF-8. */
const marked = new WeakMap<object, string[]>();

/** The fields of a parsed body that held bytes that are not UTF-8 ("" when no field can be named). */
export function fieldsNotUtf8(body: unknown): string[] {
  return (body !== null && typeof body === "object" && marked.get(body)) || [];
}

/** Notes `fields` of `body` (an object) as not UTF-8; returns `body`. */
function mark<T>(body: T, fields: string[]): T {
  if (fields.length > 0 && body !== null && typeof body === "object") marked.set(body, fields);
  return body;
}

/** Where the decoder put U+FFFD for bytes that were not UTF-8: in a field's name or its text. */
const replacedIn = (fields: object): string[] =>
  Object.entries(fields)
    .filter(([name, value]) => name.includes(REPLACEMENT) || (typeof value === "string" && value.includes(REPLACEMENT)))
    .map(([name]) => name);

/** `body` parsed from `raw` (its bytes as sent), with the fields noted whose bytes were not UTF-8. */
export function markJson<T>(body: T, raw: Buffer): T {
  if (isUtf8(raw) || body === null || typeof body !== "object") return body;
  const fields = replacedIn(body);
  return mark(body, fields.length > 0 ? fields : [""]);
}

/** Whether the %-escapes of a form post's name=value spell UTF-8; a "%" without two hex digits after it is literal text there. */
function escapesAreUtf8(pair: string): boolean {
  try {
    decodeURIComponent(pair.replace(/%(?![0-9a-f]{2})/gi, "%25"));
    return true;
  } catch {
    return false;
  }
}

/** A form post's `fields` parsed from `raw`, with the fields noted whose bytes, raw or %-escaped, were not UTF-8. */
export function markFormPost<T extends object>(fields: T, raw: Buffer): T {
  if (!isUtf8(raw)) return mark(fields, replacedIn(fields).length > 0 ? replacedIn(fields) : [""]);
  const broken = raw
    .toString("utf8")
    .split("&")
    .filter((pair) => !escapesAreUtf8(pair))
    .map((pair) => [...new URLSearchParams(pair).keys()][0] ?? "");
  return mark(fields, [...new Set(broken)]);
}
