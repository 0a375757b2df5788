/**
 * The site search's index (src/blocks/search/), written by the prerender from what the build
 * produced, before the host configs and the compression that cover it: every searchable page's
 * <main> (not the header, the footer or a sidebar of links), and the text of every PDF the built
 * site serves, each its own result, named by the name its page gives it and found at its own
 * address. Pagefind (its Node API) writes the index under <dist>/pagefind/, whose chunks its browser
 * module fetches per query; unpdf (PDF.js) reads the PDFs' text.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, relative } from "node:path";
import * as pagefind from "pagefind";
import { extractText, getDocumentProxy } from "unpdf";
import type { Page } from "../../src/content/types.ts";
import { documentsOf, fileName, isSearchable } from "../../src/content/directory.ts";
import { INDEX_DIR } from "../../src/blocks/search/pagefind.ts";
import { KIND_PREFIX } from "../../src/handover/security-policy.ts";

/** What Pagefind writes beside the index that the search block does not use (its own UIs, its worker). */
const UNUSED = /^(?:pagefind-(?:ui|component-ui|modular-ui|highlight|worker)\.|wasm\.unknown\.)/;

/**
 * Pagefind's data files (its WebAssembly, the index's metadata, chunks and fragments), which it
 * gzips and its browser module would inflate in JavaScript on the page's only thread. Stored
 * inflated (the module reads either), they travel as the .br/.gz the build writes beside every
 * text file, decoded by the browser as they arrive.
 */
const PACKED = /\.(?:pagefind|pf_meta|pf_index|pf_fragment|pf_filter)$/;

/** A PDF's text, its pages joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

export interface IndexedSite {
  pages: number;
  documents: number;
  /** Bytes of the index's files (the browser module, the WebAssembly, the index and its fragments). */
  bytes: number;
}

/** Indexes `pages` as prerendered into `dist`, and every PDF in `dist`, into <dist>/pagefind/. */
export async function writeSearchIndex(pages: Page[], dist: string): Promise<IndexedSite> {
  // Only this address gets the policy that lets Pagefind's WebAssembly run (src/server/http/security.ts).
  for (const page of pages.filter((p) => p.sections.some((s) => s.type === "search"))) {
    if (`${page.path}/` !== KIND_PREFIX.search)
      throw new Error(`the search section is on ${page.path}; it works only on the page at ${KIND_PREFIX.search.slice(0, -1)}`);
  }
  const language = /<html lang="([^"]+)"/.exec(readFileSync("index.html", "utf8"))?.[1] ?? "en";
  // The pages' texts (for the excerpts) as one fragment file, fetched with the first results:
  // one file per page would cost a request per result shown, again at each keystroke that finds others.
  const { index, errors } = await pagefind.createIndex({ rootSelector: "main", excludeSelectors: ["aside"], forceLanguage: language, maxFragments: 1 });
  if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
  const check = ({ errors }: { errors: string[] }, what: string) => {
    if (errors.length > 0) throw new Error(`Pagefind, ${what}: ${errors.join("; ")}`);
  };
  try {
    const searchable = pages.filter(isSearchable);
    for (const page of searchable) {
      const file = page.path === "/" ? "index.html" : join(page.path.slice(1), "index.html");
      check(await index.addHTMLFile({ url: page.path, content: readFileSync(join(dist, file), "utf8") }), page.path);
    }
    // Every PDF the build copied into the site, by the name a page gives it (else its file name).
    const names = new Map(pages.flatMap((p) => documentsOf(p).map((d) => [d.file, d.name] as const)));
    const pdfs = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.toLowerCase().endsWith(".pdf"))
      .map((e) => "/" + relative(dist, join(e.parentPath, e.name)).split("\\").join("/"));
    for (const url of pdfs) {
      const text = await pdfText(new Uint8Array(readFileSync(join(dist, url))));
      check(await index.addCustomRecord({ url, content: text, language, meta: { title: names.get(url) ?? fileName(url) } }), url);
    }
    const outputPath = join(dist, INDEX_DIR);
    rmSync(outputPath, { recursive: true, force: true });
    check(await index.writeFiles({ outputPath }), "writing the index");
    let bytes = 0;
    for (const entry of readdirSync(outputPath, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      if (UNUSED.test(entry.name)) {
        rmSync(path);
        continue;
      }
      if (PACKED.test(entry.name)) writeFileSync(path, gunzipSync(readFileSync(path)));
      bytes += readFileSync(path).length;
    }
    return { pages: searchable.length, documents: pdfs.length, bytes };
  } finally {
    await pagefind.close();
  }
}
