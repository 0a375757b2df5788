import directory from "virtual:directory";
import type { DirectoryDocument, DirectoryPage } from "../../content/directory.ts";

/** A document with the pages that offer it (none for a PDF no page names). */
export interface OfferedDocument extends DirectoryDocument {
  pages: DirectoryPage[];
}

export const pageByPath = new Map(directory.pages.map((p) => [p.path, p]));

export const documentByFile = new Map<string, OfferedDocument>();
for (const doc of directory.unnamed) documentByFile.set(doc.file, { ...doc, pages: [] });
for (const page of directory.pages) {
  for (const doc of page.documents) {
    const known = documentByFile.get(doc.file);
    if (known) known.pages.push(page);
    else documentByFile.set(doc.file, { ...doc, pages: [page] });
  }
}

/** The kind of file a document is, from its extension ("PDF", "PPTX"). */
export const fileType = (file: string) => file.split(".").pop()!.toUpperCase();

export { directory };
