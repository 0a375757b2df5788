import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import pageJson from "../../schema/page.schema.json" with { type: "json" };
import siteJson from "../../schema/site.schema.json" with { type: "json" };
import { createAjv } from "./ajv.ts";
import type { Page } from "./generated/page.ts";
import type { Site } from "./generated/site.ts";

// Bundled as modules, not read from schema/: the editor runs this in the browser.
export const siteSchema: Record<string, unknown> = siteJson;
export const pageSchema: Record<string, unknown> = pageJson;

/** The section types the page schema knows, in declaration order. */
export const sectionTypes: string[] = pageJson.$defs.section.oneOf.map((branch) => branch.$ref.replace("#/$defs/", ""));

/** Each schema's validator: a type guard for the type generated from that schema. */
let compiled: { site: ValidateFunction<Site>; page: ValidateFunction<Page> } | undefined;

export function validators() {
  if (!compiled) {
    const ajv = createAjv().addSchema(siteSchema).addSchema(pageSchema);
    compiled = { site: ajv.getSchema<Site>(siteSchema.$id as string) as ValidateFunction<Site>, page: ajv.getSchema<Page>(pageSchema.$id as string) as ValidateFunction<Page> };
  }
  return compiled;
}

/** One readable sentence per ajv error, with what was expected where ajv knows it. */
export function describeAjvError(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "discriminator":
      return p.tagValue === undefined
        ? `a section needs a "type" (known types: ${sectionTypes.join(", ")})`
        : `Unknown section type "${String(p.tagValue)}" (known types: ${sectionTypes.join(", ")})`;
    case "additionalProperties":
      return `unknown field "${String(p.additionalProperty)}" (allowed: ${allowedKeys(error).join(", ")})`;
    case "required":
      return `missing required field "${String(p.missingProperty)}"`;
    case "enum":
      return `must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`;
    case "const":
      return `must be "${String(p.allowedValue)}"`;
    case "pattern":
      return p.pattern === TEXT ? "is only spaces: write some words" : patternMessage(String(p.pattern));
    case "type":
      return `should be ${String(p.type).split(",").map((t) => TYPE_WORDS[t] ?? t).join(" or ")}`;
    case "minLength":
      return `should be at least ${count(p.limit, "character")} long`;
    case "maxLength":
      return `should be at most ${count(p.limit, "character")} long`;
    case "minItems":
      return `needs at least ${count(p.limit, "item")}`;
    case "maxItems":
      return `can hold at most ${count(p.limit, "item")}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `should be ${LIMIT_WORDS[error.keyword]} ${String(p.limit)}`;
    default:
      return error.message ?? error.keyword;
  }
}

/** What a JSON type is, in an editor's words. */
const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields",
  null: "empty",
};
const LIMIT_WORDS: Record<string, string> = { minimum: "at least", maximum: "at most", exclusiveMinimum: "more than", exclusiveMaximum: "less than" };
const count = (n: unknown, noun: string) => `${String(n)} ${noun}${n === 1 ? "" : "s"}`;

function allowedKeys(error: ErrorObject): string[] {
  const props = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

/** The pattern of every required text: at least one character that is not a space. */
export const TEXT = "\\S";

/** What a value that does not match `pattern` should be: the editor's field message and validate's alike. */
export const patternMessage = (pattern: string) => `should be ${patternHint(pattern)}`;

function patternHint(pattern: string): string {
  if (pattern === TEXT) return "some words, not only spaces";
  if (pattern.startsWith("^/assets/")) return "a picture or file of the site, like /assets/banners/about.jpg";
  if (pattern.startsWith("^(/|https://")) return "an internal path like /contact, or https:, mailto:, tel:";
  if (pattern.startsWith("^/(")) return "a path like /products/plc";
  return `text matching ${pattern}`;
}
