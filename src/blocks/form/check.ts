import { formSchemas } from "../../content/generated/forms.ts";
import type { BlockCheck } from "../../content/types.ts";

/**
 * The form's fields against its payload schema, which the server validates each submission with:
 * a field it does not know would be refused, and a form lacking a required field could never be sent.
 */
export const check: BlockCheck<"form"> = (section) => {
  const schema: { properties: Record<string, unknown>; required?: readonly string[] } | undefined = formSchemas[section.form];
  if (!schema) return [{ pointer: "/form", message: `no form folder src/blocks/form/forms/${section.form}/ (its schema.json is the payload the server accepts)` }];
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
  const missing = (schema.required ?? []).filter((name) => !section.fields.some((f) => f.name === name));
  return [...unknown, ...missing.map((name) => ({ pointer: "/fields", message: `the ${section.form} form lacks the required field "${name}"` }))];
};
