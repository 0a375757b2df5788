/**
 * The whole site checked as it would be after one change (a page saved or deleted, site settings
 * saved, a picture deleted): the checks across files of `npm run validate` (src/content/check.ts)
 * run on every page, so a change that would break another page or a menu is refused, and each
 * place it would break is named as the form labels it ("The All Products menu links to this page").
 */
import { crossFileErrors } from "../content/check.ts";
import type { DataError } from "../content/errors.ts";
import type { Page } from "../content/generated/page.ts";
import type { Site } from "../content/generated/site.ts";
import type { SiteIndex } from "../content/types.ts";
import { describePointer, entryFields } from "./fields.ts";

/** One file's change: a page's new data, site settings' (`site`), or neither for a file deleted. */
export interface Change {
  file: string;
  page?: Page;
  site?: Site;
}

/** The site as the index holds it, with `change` applied. */
export function indexWith(index: SiteIndex, change?: Change): SiteIndex {
  const pages = index.pages.filter((p) => p.file !== change?.file);
  if (change?.page) pages.push({ file: change.file, data: change.page });
  return { site: change?.site ?? index.site, pages, assets: index.assets };
}

const key = (e: DataError) => `${e.file} ${e.pointer} ${e.message}`;

/**
 * What `change` (and, with `removedAsset`, deleting that file) would break outside the changed file:
 * errors the site does not have now. Errors it has already are not the editor's to fix here.
 */
export function breakages(index: SiteIndex, change?: Change, removedAsset?: string): DataError[] {
  const now = new Set(crossFileErrors(index).map(key));
  const after = indexWith(index, change);
  const assets = after.assets.filter((url) => url !== removedAsset);
  return crossFileErrors({ ...after, assets }).filter((e) => e.file !== change?.file && !now.has(key(e)));
}

/** A place that uses something, in the form's words: who it is, what it does, and where in its form. */
export interface Use {
  /** "The All Products menu", "The page “About”". */
  who: string;
  /** "links to", "leads to", "shows", "uses". */
  verb: string;
  /** The value it holds there ("/products/plc"). */
  value: string;
  /** The field, as its form labels it ("Sections › 3 “Our services” › Cards › 1 “PLC” › Card link"). */
  field: string;
}

export function useOf(error: DataError, index: SiteIndex): Use {
  const parts = error.pointer.split("/").slice(1);
  const page = index.pages.find((p) => p.file === error.file);
  const data = page ? page.data : index.site;
  const value = String(parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data) ?? "");
  const last = parts.at(-1);
  const verb = value.startsWith("/assets/") ? "uses" : last === "sidebar" ? "shows" : last === "to" ? "leads to" : "links to";
  const field = describePointer(error.pointer, entryFields(page ? "page" : "site"), data);
  return { who: page ? `The page “${page.data.title}”` : siteOwner(parts, index.site), verb, value, field };
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
