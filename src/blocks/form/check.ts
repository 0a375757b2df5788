import { formSchemas } from "../../forms/schemas.generated.ts";
import { pageFieldProblems } from "../../forms/page-fields.ts";
import type { FormSchema } from "../../forms/schema.ts";
import type { BlockCheck } from "../../content/types.ts";

/** The form's fields against its form folder's payload schema (src/forms/page-fields.ts says what must match). */
export const check: BlockCheck<"form"> = (section, _index, page) => {
  const schema = (formSchemas as Partial<Record<string, FormSchema>>)[section.form];
  if (!schema) return [{ pointer: "/form", message: `no form folder src/forms/${section.form}/ (its schema.json is the payload the server accepts)` }];
  return pageFieldProblems(page.title, section.form, section.fields, schema);
};
