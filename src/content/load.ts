import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import type { ContentError } from "./errors.ts";
import { parseYamlFile, type YamlFile } from "./yaml-file.ts";
import { describeAjvError, validators } from "./schemas.ts";
import { crossFileErrors } from "./check.ts";
import { contactTokens, fillTokens } from "./tokens.ts";
import type { Content, PageFile } from "./types.ts";
import type { Site } from "./generated/site.ts";
import type { Page } from "./generated/page.ts";

export type { Content, PageFile } from "./types.ts";

export const SITE_FILE = "content/site.yaml";
export const PAGES_DIR = "content/pages";

function listYaml(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

/**
 * The first line of every content file: it tells editors (the YAML extension) which schema
 * gives completion and hover text, e.g. `# yaml-language-server: $schema=../../schema/page.schema.json`
 * for content/pages/about.yaml. `file` is relative to the project root.
 */
export function schemaLine(file: string, kind: "site" | "page"): string {
  return `# yaml-language-server: $schema=${posix.relative(posix.dirname(file), `schema/${kind}.schema.json`)}`;
}

/** A located error when the file does not start with its schemaLine (missing, or a wrong relative path). */
function schemaLineErrors(file: string, source: string, kind: "site" | "page"): ContentError[] {
  const expected = schemaLine(file, kind);
  const first = source.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0]!.trimEnd();
  if (first === expected) return [];
  return [{ file, line: 1, col: 1, pointer: "", message: `first line must be "${expected}" (editors use it for completion)` }];
}

/** Parses one file and checks it against its schema; every error is located in the file. */
export function loadYaml(root: string, file: string, kind: "site" | "page"): { yaml?: YamlFile; errors: ContentError[] } {
  const source = readFileSync(join(root, file), "utf8");
  const lineErrors = schemaLineErrors(file, source, kind);
  const { yaml, errors } = parseYamlFile(file, source);
  if (!yaml) return { errors: [...lineErrors, ...errors] };
  const validate = validators()[kind];
  if (validate(yaml.data)) return { yaml, errors: [...lineErrors, ...errors] };
  return {
    yaml,
    errors: [
      ...lineErrors,
      ...errors,
      ...(validate.errors ?? []).map((err) => {
        const key = err.keyword === "additionalProperties" ? String(err.params.additionalProperty) : undefined;
        return { file, ...yaml.locate(err.instancePath, key), pointer: err.instancePath, message: describeAjvError(err) };
      }),
    ],
  };
}

/** Reads every content file under `root`: all errors at once, or the whole typed content. */
export function loadContent(root: string): { content?: Content; errors: ContentError[] } {
  const errors: ContentError[] = [];
  const site = loadYaml(root, SITE_FILE, "site");
  errors.push(...site.errors);
  const pages: PageFile[] = [];
  for (const abs of listYaml(join(root, PAGES_DIR))) {
    const file = relative(root, abs).split("\\").join("/");
    const result = loadYaml(root, file, "page");
    errors.push(...result.errors);
    if (result.yaml && result.errors.length === 0) pages.push({ file, page: result.yaml.data as Page, yaml: result.yaml });
  }
  if (errors.length > 0 || !site.yaml) return { errors };
  const siteData = site.yaml.data as Site;
  const tokens = contactTokens(siteData);
  const content: Content = { site: siteData, siteYaml: site.yaml, pages: pages.map((p) => ({ ...p, page: fillTokens(p.page, tokens) })) };
  const crossErrors = crossFileErrors(root, content);
  return crossErrors.length > 0 ? { errors: crossErrors } : { content, errors: [] };
}
