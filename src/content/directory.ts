import type { Page } from "./types.ts";

/** A file a page offers (a brochure, a datasheet), by the name the page gives it. */
export interface DirectoryDocument {
  name: string;
  file: string;
}

export interface DirectoryPage {
  path: string;
  title: string;
  /** The documents the page lists or embeds, in its order. */
  documents: DirectoryDocument[];
}

/**
 * Every page with the documents it offers, and the PDFs the site serves that no page names: what
 * the search page lists without script, and what names a result with script (`virtual:directory`).
 */
export interface SiteDirectory {
  pages: DirectoryPage[];
  unnamed: DirectoryDocument[];
}

/** The documents `page` offers: its document lists' entries and its embedded PDFs. */
export function documentsOf(page: Page): DirectoryDocument[] {
  return page.sections.flatMap((s): DirectoryDocument[] => {
    if (s.type === "documentList") return s.documents.map((d) => ({ name: d.name, file: d.file }));
    if (s.type === "pdfEmbed") return [{ name: s.title, file: s.file }];
    return [];
  });
}

/** The name a file is listed by when no page names it: its file name without folder and extension. */
export const fileName = (file: string) => decodeURIComponent(file.split("/").pop()!.replace(/\.[^.]+$/, ""));

export const NOT_FOUND_PATH = "/404";

/** A page search finds and lists: not the not-found page, nor a page that searches (its list would match every query). */
export const isSearchable = (page: Page) => page.path !== NOT_FOUND_PATH && !page.sections.some((s) => s.type === "search");

/** `assets`: the site's files ("/assets/..."), all of them served; its PDFs are documents. */
export function siteDirectory(pages: Page[], assets: string[]): SiteDirectory {
  const pdfFiles = assets.filter((f) => f.toLowerCase().endsWith(".pdf"));
  const listed = pages.filter(isSearchable).map((p) => ({ path: p.path, title: p.title, documents: documentsOf(p) }));
  const named = new Set(pages.flatMap((p) => documentsOf(p).map((d) => d.file)));
  const unnamed = pdfFiles.filter((f) => !named.has(f)).map((file) => ({ name: fileName(file), file }));
  return { pages: listed, unnamed };
}
