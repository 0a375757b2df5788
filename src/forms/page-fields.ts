/**
 * A page's form fields against its form's payload schema, which the server validates each
 * submission with. They must match: the same fields (a field the schema does not know would be
 * refused, one left out could never be answered), in the schema's order, required exactly where the
 * schema requires, each box of the kind its answer is (one line for a multi-line answer would cut
 * it; a choice the schema does not list would be refused). The content check runs this for
 * `npm run validate`, the build and the editor's save.
 */
import { FIELD_TYPES, fieldTypeOf } from "./field-types.ts";
import type { FormSchema } from "./schema.ts";

/** A field as the page declares it (the form block's `fields`). */
export interface PageField {
  name: string;
  input: keyof typeof FIELD_TYPES;
  required?: boolean;
  options?: { value: string; label: string }[];
}

export interface FieldProblem {
  /** JSON pointer relative to the form section. */
  pointer: string;
  message: string;
}

/** The problems of `fields`, shown on page `pageTitle` for form `kind` with payload `schema`; none when they match. */
export function pageFieldProblems(
  pageTitle: string,
  kind: string,
  fields: readonly PageField[],
  schema: Pick<FormSchema, "properties" | "required">,
): FieldProblem[] {
  const on = `on the page “${pageTitle}”`;
  const file = `src/forms/${kind}/schema.json`;
  const names = Object.keys(schema.properties);
  const required = new Set(schema.required);
  const problems: FieldProblem[] = [];

  fields.forEach((field, j) => {
    const at = (key: string) => `/fields/${j}${key}`;
    const property = schema.properties[field.name];
    if (!property) {
      problems.push({
        pointer: at("/name"),
        message: `${on}, the field "${field.name}" is not a field of the ${kind} form (its fields, in order: ${names.join(", ")})`,
      });
      return;
    }
    if (fields.findIndex((f) => f.name === field.name) !== j) {
      problems.push({ pointer: at("/name"), message: `${on}, the field "${field.name}" is in the ${kind} form twice` });
      return;
    }
    if (Boolean(field.required) !== required.has(field.name)) {
      problems.push({
        pointer: at("/required"),
        message: required.has(field.name)
          ? `${on}, the field "${field.name}" must be marked required: the ${kind} form requires it (${file})`
          : `${on}, the field "${field.name}" must not be marked required: the ${kind} form takes it empty (${file})`,
      });
    }
    const kindOfAnswer = fieldTypeOf(property);
    if (FIELD_TYPES[field.input].element !== FIELD_TYPES[kindOfAnswer].element) {
      problems.push({
        pointer: at("/input"),
        message: `${on}, the field "${field.name}" takes ${kindOfAnswer} answers in the ${kind} form, not ${field.input}`,
      });
      return;
    }
    const choices = property.enum?.map(String) ?? [];
    if (kindOfAnswer === "select" && !field.options?.length) {
      problems.push({ pointer: at("/options"), message: `${on}, the list "${field.name}" needs its choices (options), from: ${choices.join(", ")}` });
    }
    (field.options ?? []).forEach((option, k) => {
      if (!choices.includes(option.value)) {
        problems.push({
          pointer: at(`/options/${k}/value`),
          message: `${on}, "${option.value}" is not a choice of the field "${field.name}" of the ${kind} form (its choices: ${choices.join(", ") || "none"})`,
        });
      }
    });
  });

  const missing = names.filter((name) => !fields.some((f) => f.name === name));
  for (const name of missing) {
    problems.push({ pointer: "/fields", message: `${on}, the ${kind} form's field "${name}" is missing (its fields, in order: ${names.join(", ")})` });
  }
  // The order, once every field is there: the first field out of place says where.
  const shown = fields.map((f) => f.name).filter((name, j, all) => name in schema.properties && all.indexOf(name) === j);
  const expected = names.filter((name) => shown.includes(name));
  const j = shown.findIndex((name, i) => name !== expected[i]);
  if (missing.length === 0 && j >= 0) {
    problems.push({
      pointer: `/fields/${fields.findIndex((f) => f.name === shown[j])}/name`,
      message: `${on}, the field "${shown[j]}" is out of order: the ${kind} form has "${expected[j]}" there (its fields, in order: ${names.join(", ")})`,
    });
  }
  return problems;
}
