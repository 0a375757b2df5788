/**
 * What the schemas alone cannot draw, because it depends on the site's own content: a link chooses
 * one of the site's pages (Decap's relation to the pages collection) instead of a typed path; a
 * page chooses its sidebar by the sidebar's heading; each sidebar of site settings is a group of
 * its own; a page's address is written in the page-path widget (page-path.tsx).
 */
import type { CmsField, CmsFieldBase } from "decap-cms-core";
import type { Site } from "../content/generated/site.ts";
import { innerFields, itemField, resolve, toField, type Field, type Schemas } from "./schema-fields.ts";

/** Links that lead off the site by nature (the company's profiles): typed as addresses. */
const EXTERNAL = new Set(["contact/social/href"]);

/** Calls `change` on every field under `fields`, innermost first, with the names that lead to it. */
function mapFields(fields: Field[], change: (field: Field, trail: string[]) => Field, trail: string[] = []): Field[] {
  return fields.map((field) => {
    const here = [...trail, field.name];
    let out = field;
    if ("types" in out && out.types) out = { ...out, types: out.types.map((t) => ({ ...t, fields: mapFields(t.fields, change, here) })) };
    else if (innerFields(out)) out = { ...out, fields: mapFields(innerFields(out)!, change, here) } as Field;
    const item = itemField(out);
    if (item) out = { ...out, field: mapFields([item], change, here)[0]! } as Field;
    return change(out, here);
  });
}

const base = (field: Field): CmsFieldBase => {
  const { name, label, required, needed } = field;
  return { name, label, ...(required !== undefined ? { required } : {}), ...(needed ? { needed } : {}) };
};

function pageChoice(field: Field): Field {
  return {
    ...base(field),
    widget: "relation",
    collection: "pages",
    value_field: "path",
    search_fields: ["title", "path"],
    display_fields: ["title", "path"],
    options_length: 200,
    hint: "Choose one of the site's pages: type part of its name.",
  };
}

/** The page and site fields with the site's choices in them. */
export function withSiteChoices(kind: "page" | "site", fields: Field[], site: Site | undefined, schemas: Schemas): Field[] {
  const hrefPattern = resolve({ $ref: "site.schema.json#/$defs/href" }, "site.schema.json", schemas).schema.pattern;
  const sidebars = Object.entries(site?.sidebars ?? {});
  return mapFields(fields, (field, trail) => {
    const at = trail.join("/");
    if ("pattern" in field && field.pattern?.[0] === hrefPattern && !EXTERNAL.has(at)) return pageChoice(field);
    if (kind === "page" && at === "path") return { ...field, widget: "page-path" } as CmsField;
    if (kind === "page" && at === "sidebar") {
      return { ...base(field), hint: field.hint, widget: "select", options: sidebars.map(([value, s]) => ({ label: s?.heading ?? value, value })) };
    }
    if (kind === "site" && at === "sidebars") {
      // One group per sidebar the site has, titled by its heading; a new sidebar is a developer's change.
      const sidebar = mapFields([toField("sidebar", { $ref: "#/$defs/sidebar" }, true, "site.schema.json", schemas)], (f, t) =>
        "pattern" in f && f.pattern?.[0] === hrefPattern && t.length > 1 ? pageChoice(f) : f,
      )[0]!;
      return {
        ...base(field),
        hint: field.hint,
        widget: "object",
        collapsed: true,
        fields: sidebars.map(([name, s]) => ({ ...sidebar, name, label: s?.heading ?? name })),
      };
    }
    return field;
  });
}
