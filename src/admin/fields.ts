/** The form's fields of a page and of site.yaml (config.ts), from the bundled schemas: what clean() keeps. */
import pageSchema from "../../schema/page.schema.json";
import siteSchema from "../../schema/site.schema.json";
import { fieldsOf, type Field, type Schemas } from "./config.ts";

export const schemas = { "page.schema.json": pageSchema, "site.schema.json": siteSchema } as unknown as Schemas;

const cache: Partial<Record<"page" | "site", Field[]>> = {};
export const entryFields = (kind: "page" | "site"): Field[] => (cache[kind] ??= fieldsOf(`${kind}.schema.json`, schemas));
