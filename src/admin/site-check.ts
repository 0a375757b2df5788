/**
 * The whole site checked as it would be after one change (a page saved or deleted, site settings
 * saved, a picture deleted): the checks across files of `npm run validate` (src/content/check.ts)
 * run on every page, so a change that would break another page or a menu is refused, and each
 * place it would break is named as the form labels it ("The All Products menu links to this page").
 */
import { crossFileErrors } from "../content/check.ts";
import type { ContentError } from "../content/errors.ts";
import type { Content, PageFile } from "../content/load.ts";
import type { Page } from "../content/generated/page.ts";
import type { Site } from "../content/generated/site.ts";
import type { YamlFile } from "../content/yaml-file.ts";
import { type Facts, withoutAsset } from "./facts.ts";
import { entryFields } from "./fields.ts";
import { describePointer } from "./validate-entry.ts";

const SITE_FILE = "content/site.yaml";

/** One file's new data, or `undefined` for a file deleted. */
export interface Change {
  file: string;
  data?: unknown;
}

const located = (file: string, data: unknown): YamlFile => ({ file, data, locate: () => ({ line: 1, col: 1 }) });

/** The site as the facts hold it, with `change` applied. */
export function contentWith(facts: Facts, change?: Change): Content {
  const site = (change?.file === SITE_FILE ? change.data : facts.site) as Site;
  const pages: PageFile[] = facts.pages.filter((p) => p.file !== change?.file).map((p) => ({ file: p.file, page: p.data, yaml: located(p.file, p.data) }));
  if (change?.data !== undefined && change.file !== SITE_FILE) {
    pages.push({ file: change.file, page: change.data as Page, yaml: located(change.file, change.data) });
  }
  return { site, siteYaml: located(SITE_FILE, site), pages };
}

const key = (e: ContentError) => `${e.file} ${e.pointer} ${e.message}`;

/**
 * What `change` (and, with `removedAsset`, deleting that file) would break outside the changed file:
 * errors the site does not have now. Errors it has already are not the editor's to fix here.
 */
export function breakages(facts: Facts, change?: Change, removedAsset?: string): ContentError[] {
  const now = new Set(crossFileErrors("/", contentWith(facts)).map(key));
  const run = () => crossFileErrors("/", contentWith(facts, change));
  const after = removedAsset ? withoutAsset(removedAsset, run) : run();
  return after.filter((e) => e.file !== change?.file && !now.has(key(e)));
}

/** A place that uses something, in the form's words: who it is, what it does, and where in its form. */
export interface Use {
  /** "The All Products menu", "The page “About”". */
  who: string;
  /** "links to", "leads to", "shows", "uses". */
  verb: string;
  /** The value it holds there ("/products/plc"). */
  value: string;
  /** The field, as its form labels it ("Sections › 3 › Cards › 1 › Card link"). */
  field: string;
}

export function useOf(error: ContentError, content: Content): Use {
  const parts = error.pointer.split("/").slice(1);
  const page = content.pages.find((p) => p.file === error.file);
  const data = page ? page.page : content.site;
  const value = String(parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data) ?? "");
  const last = parts.at(-1);
  const verb = value.startsWith("/assets/") ? "uses" : last === "sidebar" ? "shows" : last === "to" ? "leads to" : "links to";
  const field = describePointer(error.pointer, entryFields(page ? "page" : "site"), data);
  return { who: page ? `The page “${page.page.title}”` : siteOwner(parts, content.site), verb, value, field };
}

/** Who in the site settings holds the pointer's value: a menu, a sidebar, the footer… */
function siteOwner([area, list, index]: string[], site: Site): string {
  if (area === "navigation" && list === "menus") return `The ${site.navigation.menus[Number(index)]?.label ?? ""} menu`;
  if (area === "navigation") return list === "buttons" ? "A button of the navigation bar" : "The navigation bar";
  if (area === "sidebars") return `The ${site.sidebars[list!]?.heading ?? list} sidebar`;
  if (area === "footer") return "The footer";
  if (area === "redirects") return "An old address";
  return "Site settings";
}
