import { loadContent } from "../../src/content/loaders/load.ts";
import type { Page, Section1 as Section } from "../../src/content/generated/page.ts";
import type { Site } from "../../src/content/generated/site.ts";
import { SITE_FIXTURE } from "../site-fixture.ts";

/**
 * The content the site under test was built from, read with the build's own loader: the suites
 * find headings, labels and cards by what the YAML says, so an editor's change of a heading, a
 * card or a menu label changes what a test looks for, not whether it passes. CONTENT_ROOT (the
 * folder holding content/ and public/) is the tests' own site unless a run names another
 * (`npm run check:spec`: the project's).
 */
export const contentRoot = process.env.CONTENT_ROOT ?? SITE_FIXTURE;
const loaded = loadContent(contentRoot);
if (!loaded.content) throw new Error(`the content under ${contentRoot} does not load: ${loaded.errors.map((e) => e.message).join("; ")}`);

export const site: Site = loaded.content.site;
export const pages: readonly Page[] = loaded.content.pages.map((p) => p.page);

/** The page at this address; a test of a page the content no longer has fails here, by name. */
export function pageAt(path: string): Page {
  const page = pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page at ${path} in ${contentRoot}/content`);
  return page;
}

type SectionOf<T extends Section["type"]> = Extract<Section, { type: T }>;

/** The page's sections of one type, in page order. */
export function sectionsOf<T extends Section["type"]>(path: string, type: T): SectionOf<T>[] {
  return pageAt(path).sections.filter((s): s is SectionOf<T> => s.type === type);
}

/** The n-th section of this type on the page (0: the first). */
export function sectionOf<T extends Section["type"]>(path: string, type: T, n = 0): SectionOf<T> {
  const section = sectionsOf(path, type)[n];
  if (!section) throw new Error(`${path} has no ${type} section number ${n + 1}`);
  return section;
}

/** The heading the n-th section of this type shows (its <h2>). */
export function headingOf(path: string, type: Section["type"], n = 0): string {
  const heading = (sectionOf(path, type, n) as { heading?: string }).heading;
  if (!heading) throw new Error(`the ${type} section number ${n + 1} on ${path} has no heading`);
  return heading;
}

/** The page's <h1>: its banner's (or hero's) heading. */
export function h1Of(path: string): string {
  const top = pageAt(path).sections[0] as { heading?: string };
  if (!top.heading) throw new Error(`${path} opens with no heading`);
  return top.heading;
}

/**
 * The navigation as content/site.yaml names it, each entry found by the address it links to (which
 * the spec fixes), so the tests press what the header shows today whatever an editor calls it.
 */
export const siteNav = (() => {
  const { main, menus, buttons } = site.navigation;
  const menu = (overview: string) => menus.find((m) => m.overview.href === overview)!;
  const products = menu("/products");
  const aveva = menu("/avevasolutions");
  const group = (href: string) => [...products.items, ...aveva.items].find((item) => item.href === href)!;
  /** The label of the link to `href` anywhere in the navigation. */
  const label = (href: string) => {
    const links = [...main, ...buttons, ...menus.flatMap((m) => [m.overview, ...m.items, ...m.items.flatMap((item) => item.children ?? [])])];
    const link = links.find((l) => l.href === href);
    if (!link) throw new Error(`the navigation has no link to ${href}`);
    return link.label;
  };
  return {
    products,
    aveva,
    lariox: group("/products/lariox-solutions"),
    control: group("/avevasolutions/operations-control"),
    execution: group("/avevasolutions/operations-execution"),
    information: group("/avevasolutions/operations-information"),
    label,
  };
})();

/** A sub-group's toggle, as the header names it (ui.expandGroup). */
export const expandGroup = (label: string) => site.ui.expandGroup.replace("{label}", label);

/** The whole content as loaded: its site settings and every page. */
export const content = loaded.content;
