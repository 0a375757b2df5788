import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ContentError } from "./errors.ts";
import { formSchemas } from "./generated/forms.ts";
import type { Content } from "./types.ts";
import type { YamlFile } from "./yaml-file.ts";

/** Calls `visit` for every string in `value`, with its JSON pointer and the key it sits under. */
function walkStrings(value: unknown, pointer: string, key: string, visit: (s: string, pointer: string, key: string) => void): void {
  if (typeof value === "string") visit(value, pointer, key);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, key, visit));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walkStrings(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, k, visit);
  }
}

const LINK_KEYS = new Set(["href", "to"]);

/** Checks that need more than one file: unique paths, links, assets, sidebars, form fields. */
export function crossFileErrors(root: string, content: Content): ContentError[] {
  const errors: ContentError[] = [];
  const at = (yaml: YamlFile, pointer: string, message: string) => errors.push({ file: yaml.file, ...yaml.locate(pointer), pointer, message });

  // Each address, with the name of its page. The messages are read in the visual editor too: pages
  // and addresses, never files.
  const routes = new Map<string, string>();
  for (const { page, yaml } of content.pages) {
    const first = routes.get(page.path);
    if (first !== undefined) at(yaml, "/path", `the address "${page.path}" is already the address of the page “${first}” (each page needs its own)`);
    else routes.set(page.path, page.title);
  }

  const redirects = new Map(content.site.redirects.map((r) => [r.from, r.to]));
  content.site.redirects.forEach((r, i) => {
    if (routes.has(r.from)) at(content.siteYaml, `/redirects/${i}/from`, `the old address "${r.from}" hides the page “${routes.get(r.from)}”`);
    if (!routes.has(r.to)) at(content.siteYaml, `/redirects/${i}/to`, `the old address leads to "${r.to}", which is not a page (${suggest(r.to, routes)})`);
  });

  const files: YamlFile[] = [content.siteYaml, ...content.pages.map((p) => p.yaml)];
  for (const yaml of files) {
    walkStrings(yaml.data, "", "", (value, pointer, key) => {
      if (value.startsWith("/assets/")) {
        if (!existsSync(join(root, "public", decodeURI(value)))) at(yaml, pointer, `the picture or file "${value}" is not among the site's files`);
      } else if (LINK_KEYS.has(key) && value.startsWith("/") && key !== "to") {
        const path = value.split("#")[0]!.split("?")[0]!;
        if (!routes.has(path) && !redirects.has(path)) at(yaml, pointer, `link "${value}" leads to no page (${suggest(path, routes)})`);
      }
    });
  }

  for (const { page, yaml } of content.pages) {
    if (page.sidebar !== undefined && !(page.sidebar in content.site.sidebars)) {
      at(yaml, "/sidebar", `unknown sidebar "${page.sidebar}" (the site's sidebars: ${Object.keys(content.site.sidebars).join(", ")})`);
    }
    page.sections.forEach((section, i) => {
      if (section.type !== "form") return;
      const schema: { properties: Record<string, unknown>; required?: readonly string[] } | undefined = formSchemas[section.form];
      if (!schema) return at(yaml, `/sections/${i}/form`, `no payload schema schema/forms/${section.form}.schema.json`);
      const names = section.fields.map((f) => f.name);
      section.fields.forEach((field, j) => {
        if (!(field.name in schema.properties)) {
          at(yaml, `/sections/${i}/fields/${j}/name`, `field "${field.name}" is not in the ${section.form} payload (known: ${Object.keys(schema.properties).join(", ")})`);
        }
      });
      for (const required of schema.required ?? []) {
        if (!names.includes(required)) at(yaml, `/sections/${i}/fields`, `the ${section.form} form lacks the required field "${required}"`);
      }
    });
  }
  return errors;
}

/** "did you mean" for a path that differs from a route only in case or by a typo-sized slip. */
function suggest(path: string, routes: Map<string, string>): string {
  const lower = path.toLowerCase();
  const sameCase = [...routes.keys()].find((r) => r.toLowerCase() === lower);
  if (sameCase) return `did you mean "${sameCase}"? Capital letters count in an address`;
  return "choose one of the site's pages, or add an old address in site settings that leads to one";
}
