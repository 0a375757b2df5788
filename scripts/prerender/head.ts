import type { Page, Site } from "../../src/content/types.ts";
import { pageTitle } from "../../src/app/format.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The per-page <head> tags: title, description and canonical URL. */
export function headTags(site: Site, page: Page): string {
  const title = pageTitle(page.title, site.company.name);
  const url = site.company.siteUrl + page.path;
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    `<link rel="canonical" href="${escape(url)}" />`,
  ].join("\n    ");
}
