// The content types the app uses, all derived from the generated schema types.
export type { Site, Link, MenuItem, DropdownMenu, Sidebar } from "./generated/site.ts";
export type { Page, Section } from "./generated/page.ts";
import type { Page, Section } from "./generated/page.ts";
import type { Site } from "./generated/site.ts";
import type { YamlFile } from "./yaml-file.ts";

export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** One page's YAML file, read and checked. */
export interface PageFile {
  /** Path relative to the project root, e.g. content/pages/about.yaml. */
  file: string;
  page: Page;
  yaml: YamlFile;
}

/** Everything under content/, as the loader (load.ts) hands it to the cross-file checks and the build. */
export interface Content {
  site: Site;
  siteYaml: YamlFile;
  pages: PageFile[];
}
