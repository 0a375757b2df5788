/**
 * The kinds of form field, one place for everything that differs between them: how the page draws
 * one (Form.tsx, and the `input` choices of schema.json, which `npm run types` fills from here), how
 * a post without script carries it (a checkbox sends "on" or nothing), how the server trims it, and
 * how the mail, the receipt, the webhook and the CSV write it. The server tells a field's kind from
 * its payload schema (`fieldTypeOf`), the page from its content (`input`); both name these keys.
 */

/** A property of a form's payload schema, as far as the kind of field goes. */
export interface FieldSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
}

export interface FieldType {
  /** What the page draws: an <input> of this type, a <textarea>, a <select>, or a checkbox. */
  element: "input" | "textarea" | "select" | "checkbox";
  /** Tabs and line breaks allowed; the mail shows it as a block under its label. */
  multiline: boolean;
  /** The value in the page's state before anything is typed or ticked. */
  empty: string | boolean;
  /** Whether a value sent means "not given", so the server reads the field as left out (a select's empty first choice). */
  unset(value: unknown): boolean;
  /** The value a post without script carries (text, or nothing for an unticked box) as the payload holds it. */
  fromPost(raw: string | undefined): unknown;
  /** The valid value as stored: text trimmed. */
  stored(value: unknown): unknown;
  /** The value as text, for the mail, the receipt, the webhook and the CSV ("" when not given). */
  text(value: unknown): string;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));

const textField = (element: FieldType["element"], multiline = false): FieldType => ({
  element,
  multiline,
  empty: "",
  // A text left empty is text (the schema says whether it may be); a select's "" is its "choose one".
  unset: (value) => element === "select" && value === "",
  fromPost: (raw) => raw,
  stored: (value) => (typeof value === "string" ? value.trim() : value),
  text: asText,
});

export const FIELD_TYPES = {
  text: textField("input"),
  email: textField("input"),
  tel: textField("input"),
  textarea: textField("textarea", true),
  select: textField("select"),
  checkbox: {
    element: "checkbox",
    multiline: false,
    empty: false,
    unset: () => false,
    // A browser posts a ticked box as name=on and leaves an unticked one out.
    fromPost: (raw) => raw !== undefined,
    stored: (value) => value,
    text: (value) => (value === true ? "yes" : value === false ? "no" : asText(value)),
  },
} satisfies Record<string, FieldType>;

export type FieldTypeName = keyof typeof FIELD_TYPES;
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldTypeName[];

/** The kind of a payload property: from its $ref to fields.schema.json, its type, its enum or its format. */
export function fieldTypeOf(schema: FieldSchema): FieldTypeName {
  if (schema.type === "boolean") return "checkbox";
  if (schema.enum) return "select";
  const def = schema.$ref?.split("/").at(-1);
  if (def === "multiLine" || def === "optionalMultiLine") return "textarea";
  if (def === "email" || schema.format === "email") return "email";
  return "text";
}
