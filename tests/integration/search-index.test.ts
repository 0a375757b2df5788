import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "../../src/content/types.ts";
import { writeSearchIndex, type IndexedSite } from "../../scripts/build/search-index.ts";

/**
 * The build's search index over a small built site: pages whose header and footer hold words of
 * their own, a datasheet a page embeds, a brochure a list names and a PDF no page names. Searched
 * with the browser module Pagefind wrote, its fetches answered from the folder.
 */
const page = (path: string, title: string, sections: unknown[] = [{ type: "richText", paragraphs: ["x"] }]) =>
  ({ path, title, description: "d".repeat(60), sections }) as Page;

const html = (main: string) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body><header>Headerword menus</header>` +
  `<main>${main}<aside>Sidebarword links</aside></main><footer>Footerword address</footer></body></html>`;

async function pdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 50, y: 700, size: 12, font });
  return doc.save();
}

const pages = [
  page("/", "Home"),
  page("/products/gateway", "Gateway", [{ type: "pdfEmbed", title: "Gateway datasheet", file: "/assets/datasheets/gateway.pdf", height: 600 }]),
  page("/downloads", "Downloads", [{ type: "documentList", layout: "list", documents: [{ name: "Plant brochure", file: "/assets/brochures/plant.pdf" }] }]),
  page("/search", "Search", [{ type: "search" }]),
  page("/404", "Not found"),
];

let dist: string;
let indexed: IndexedSite;
type Found = { url: string; meta: { title: string }; excerpt: string };
let search: (term: string) => Promise<Found[]>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "search-index-"));
  const write = (file: string, content: string | Uint8Array) => {
    mkdirSync(join(dist, file, ".."), { recursive: true });
    writeFileSync(join(dist, file), content);
  };
  write("index.html", html("<h1>Welcome</h1><p>We commission Modbus gateways.</p>"));
  write("products/gateway/index.html", html("<h1>Gateway</h1><p>Protocol converter for Profinet and OPC UA.</p>"));
  write("downloads/index.html", html("<h1>Downloads</h1><p>Brochures to read.</p>"));
  write("search/index.html", html("<h1>Search</h1><p>Every page: Gateway, Downloads, Searchpageword.</p>"));
  write("404/index.html", html("<h1>Lost</h1><p>Notfoundword.</p>"));
  write("assets/datasheets/gateway.pdf", await pdf("Supports the Fieldbuscompressor algorithm at 24 V."));
  write("assets/brochures/plant.pdf", await pdf("A brochure about Brochureonlyword plants."));
  write("assets/old/orphan-sheet.pdf", await pdf("An Orphanword datasheet."));
  indexed = await writeSearchIndex(pages, dist);

  const folder = join(dist, "pagefind");
  // Its files by their path under the index's folder, whatever address the module puts before it.
  vi.stubGlobal("fetch", async (url: string) => new Response(readFileSync(join(folder, String(url).split("/pagefind/").pop()!.replace(/\?.*$/, "")))));
  const pagefind = (await import(pathToFileURL(join(folder, "pagefind.js")).href)) as {
    options(o: object): Promise<void>;
    search(term: string): Promise<{ results: { data(): Promise<Found> }[] }>;
  };
  // In the browser the site's root comes from the module's address; here that address is a file.
  await pagefind.options({ noWorker: true, baseUrl: "/" });
  search = async (term) => Promise.all((await pagefind.search(term)).results.map((r) => r.data()));
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
  rmSync(dist, { recursive: true, force: true });
});

describe("the search index", () => {
  it("holds the searchable pages and every PDF, and nothing Pagefind's own interfaces need", () => {
    expect(indexed).toMatchObject({ pages: 3, documents: 3 });
    expect(indexed.bytes).toBeGreaterThan(0);
    // Every result's text comes from one file, fetched once.
    const fragments = readdirSync(join(dist, "pagefind", "fragment"));
    expect(fragments).toHaveLength(1);
    // Stored inflated, for the browser to decode from the build's .br/.gz instead of the page's script.
    for (const file of [join("fragment", fragments[0]!), "wasm.en.pagefind"]) {
      expect(
        readFileSync(join(dist, "pagefind", file))
          .subarray(0, 12)
          .toString(),
        file,
      ).toBe("pagefind_dcd");
    }
    const files = readFileSync(join(dist, "pagefind", "pagefind-entry.json"), "utf8");
    expect(files).toContain('"en"');
    for (const unused of ["pagefind-ui.js", "pagefind-worker.js", "wasm.unknown.pagefind"]) {
      expect(() => readFileSync(join(dist, "pagefind", unused)), unused).toThrow();
    }
  });

  it("finds a page by the words of its main content", async () => {
    expect((await search("profinet")).map((r) => r.url)).toEqual(["/products/gateway"]);
    expect((await search("modbus")).map((r) => r.url)).toEqual(["/"]);
  });

  it("leaves out the header, the footer and the sidebar, the search page and the not-found page", async () => {
    for (const word of ["headerword", "footerword", "sidebarword", "searchpageword", "notfoundword"]) expect(await search(word), word).toEqual([]);
  });

  it("finds a word only a PDF holds: the PDF itself, named as the page names it, its words marked", async () => {
    const [datasheet, ...rest] = await search("fieldbuscompressor");
    expect(rest).toEqual([]);
    expect(datasheet).toMatchObject({ url: "/assets/datasheets/gateway.pdf", meta: { title: "Gateway datasheet" } });
    expect(datasheet!.excerpt).toContain("<mark>Fieldbuscompressor</mark>");
    expect((await search("brochureonlyword"))[0]).toMatchObject({ url: "/assets/brochures/plant.pdf", meta: { title: "Plant brochure" } });
  });

  it("names a PDF no page names by its file name", async () => {
    expect((await search("orphanword"))[0]).toMatchObject({ url: "/assets/old/orphan-sheet.pdf", meta: { title: "orphan-sheet" } });
  });

  it("refuses a search section on any page but /search, whose policy alone allows its WebAssembly", async () => {
    await expect(writeSearchIndex([page("/find", "Find", [{ type: "search" }])], dist)).rejects.toThrow(
      "the search section is on /find; it works only on the page at /search",
    );
  });
});
