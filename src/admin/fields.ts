/**
 * The form's fields of a page and of site.yaml (config.ts, with the site's choices once its facts
 * are loaded), from the bundled schemas: what clean() keeps and describePointer names.
 */
import pageSchema from "../../schema/page.schema.json";
import siteSchema from "../../schema/site.schema.json";
import type { Site } from "../content/generated/site.ts";
import { fieldsOf, type Field, type Schemas } from "./config.ts";
import { facts } from "./facts.ts";
import { withSiteChoices } from "./site-choices.ts";

export const schemas = { "page.schema.json": pageSchema, "site.schema.json": siteSchema } as unknown as Schemas;

const cache = new Map<string, { site: Site; fields: Field[] }>();
export function entryFields(kind: "page" | "site"): Field[] {
  const site = facts().site;
  const hit = cache.get(kind);
  if (hit?.site === site) return hit.fields;
  const fields = withSiteChoices(kind, fieldsOf(`${kind}.schema.json`, schemas), site, schemas);
  cache.set(kind, { site, fields });
  return fields;
}
