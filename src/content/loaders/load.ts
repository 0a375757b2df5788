import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import type { ContentError } from "../errors.ts";
import { parseYamlFile, type YamlFile } from "../yaml-file.ts";
import { describeAjvError, validators } from "../schemas.ts";
import { crossFileErrors, SITE_FILE } from "../check.ts";
import { contactTokens, fillTokens } from "../tokens.ts";
import type { Content, SiteIndex } from "../types.ts";
import type { Site } from "../generated/site.ts";
import type { Page } from "../generated/page.ts";

export type { Content, PageFile } from "../types.ts";

export { SITE_FILE };
export const PAGES_DIR = "content/pages";

function listYaml(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

/** Every file under `root`/public/assets, by its URL ("/assets/banners/about.jpg"). */
export function listAssets(root: string): string[] {
  const publicDir = join(root, "public");
  const dir = join(publicDir, "assets");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => "/" + relative(publicDir, join(d.parentPath, d.name)).split("\\").join("/"))
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
  const files: YamlFile[] = [];
  for (const abs of listYaml(join(root, PAGES_DIR))) {
    const result = loadYaml(root, relative(root, abs).split("\\").join("/"), "page");
    errors.push(...result.errors);
    if (result.yaml && result.errors.length === 0) files.push(result.yaml);
  }
  if (errors.length > 0 || !site.yaml) return { errors };
  const siteData = site.yaml.data as Site;
  const pages = files.map(({ file, data }) => ({ file, data: data as Page }));
  // The checks across files name a file and a pointer; its YamlFile tells the line and column.
  const index: SiteIndex = { site: siteData, pages, assets: listAssets(root) };
  const yamlOf = new Map([site.yaml, ...files].map((yaml) => [yaml.file, yaml]));
  const crossErrors = crossFileErrors(index).map(({ file, pointer, message }) => ({ file, ...yamlOf.get(file)!.locate(pointer), pointer, message }));
  if (crossErrors.length > 0) return { errors: crossErrors };
  const tokens = contactTokens(siteData);
  return { content: { site: siteData, pages: pages.map(({ file, data }) => ({ file, page: fillTokens(data, tokens) })) }, errors: [] };
}
