// The content types the app uses, all derived from the generated schema types.
export type { Site, Link, MenuItem, DropdownMenu, Sidebar } from "./generated/site.ts";
export type { Page, Section } from "./generated/page.ts";
import type { Page, Section } from "./generated/page.ts";
import type { Site } from "./generated/site.ts";

export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** One page's YAML file, read and checked. */
export interface PageFile {
  /** Path relative to the project root, e.g. content/pages/about.yaml. */
  file: string;
  page: Page;
}

/** Everything under content/, as the loader (loaders/load.ts) hands it to the build. */
export interface Content {
  site: Site;
  pages: PageFile[];
}

/**
 * What the checks across files (check.ts) look things up in: the site settings (menus, sidebars,
 * old addresses), every page's file and data (its address), and every file under public/assets
 * by its URL ("/assets/logo.svg"). loaders/load.ts makes it from the disk; the editor from
 * /admin/site-index.json with the entry being saved laid over it.
 */
export interface SiteIndex {
  site: Site;
  pages: { file: string; data: Page }[];
  assets: string[];
}

/**
 * A block's own check across files (src/blocks/<type>/check.ts, listed in
 * src/blocks/checks.generated.ts): one section's problems, pointers relative to the section; `page`
 * is the page holding it, for messages that name it.
 */
export type BlockCheck<T extends SectionType> = (section: SectionOf<T>, index: SiteIndex, page: Page) => { pointer: string; message: string }[];
