import { formSchemas } from "../../content/generated/forms.ts";
import type { BlockCheck, SectionOf } from "../../content/types.ts";
import { FIELD_TYPES, fieldTypeOf, type FieldSchema } from "./field-types.ts";

/**
 * The form's fields against its payload schema, which the server validates each submission with:
 * a field it does not know would be refused, a form lacking a required field could never be sent,
 * and a box of another kind than its answer (one line for a multi-line answer, a choice the
 * schema does not list) would be refused too. A list (select) offers the choices its page gives.
 */
export const check: BlockCheck<"form"> = (section) => {
  const schema: PayloadSchema | undefined = formSchemas[section.form];
  if (!schema)
    return [{ pointer: "/form", message: `no form folder src/blocks/form/forms/${section.form}/ (its schema.json is the payload the server accepts)` }];
  return fieldErrors(section, schema);
};

type PayloadSchema = { properties: Record<string, unknown>; required?: readonly string[] };

/** The section's fields against a payload schema (a fixture form's in the tests). */
export function fieldErrors(section: SectionOf<"form">, schema: PayloadSchema): { pointer: string; message: string }[] {
  const unknown = section.fields.flatMap((field, j) =>
    field.name in schema.properties
      ? []
      : [
          {
            pointer: `/fields/${j}/name`,
            message: `field "${field.name}" is not in the ${section.form} payload (known: ${Object.keys(schema.properties).join(", ")})`,
          },
        ],
  );
  const mismatched = section.fields.flatMap((field, j) => {
    const property = schema.properties[field.name] as FieldSchema | undefined;
    if (!property) return [];
    const kind = fieldTypeOf(property);
    if (FIELD_TYPES[field.input].element !== FIELD_TYPES[kind].element) {
      return [{ pointer: `/fields/${j}/input`, message: `"${field.name}" takes ${kind} answers in the ${section.form} payload, not ${field.input}` }];
    }
    const choices = property.enum?.map(String) ?? [];
    if (kind === "select" && !field.options?.length) {
      return [{ pointer: `/fields/${j}/options`, message: `the list "${field.name}" needs its choices (options), from: ${choices.join(", ")}` }];
    }
    return (field.options ?? []).flatMap((option, k) =>
      choices.includes(option.value)
        ? []
        : [
            {
              pointer: `/fields/${j}/options/${k}/value`,
              message: `"${option.value}" is not a choice of "${field.name}" (its choices: ${choices.join(", ") || "none"})`,
            },
          ],
    );
  });
  const missing = (schema.required ?? []).filter((name) => !section.fields.some((f) => f.name === name));
  return [
    ...unknown,
    ...mismatched,
    ...missing.map((name) => ({ pointer: "/fields", message: `the ${section.form} form lacks the required field "${name}"` })),
  ];
}
