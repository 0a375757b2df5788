/**
 * The index `npm run build` writes (scripts/build/search-index.ts), read with Pagefind's own
 * browser module from the built site: fetched on the visitor's first focus or keystroke in the box,
 * never with the page. It then loads only the index chunks a query needs, and with the first
 * results the one file of the pages' texts.
 */

/** Where the build writes the index; the module's address is built at run time so the bundler leaves it alone. */
export const INDEX_DIR = "/pagefind/";

export interface ResultData {
  url: string;
  /** The matching passage, HTML-escaped by Pagefind, the query's words in <mark>. */
  excerpt: string;
  meta: { title?: string };
}

interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  search(term: string): Promise<{ results: { data(): Promise<ResultData> }[] }>;
}

let loading: Promise<PagefindModule> | undefined;

/** The module, imported and started once. */
export function pagefind(): Promise<PagefindModule> {
  loading ??= (import(/* @vite-ignore */ `${INDEX_DIR}pagefind.js`) as Promise<PagefindModule>).then(async (module) => {
    // Searched in the page: a worker would be one more file to fetch for an index this small.
    await module.options({ noWorker: true, excerptLength: 24 });
    await module.init();
    // Settles once the WebAssembly runs (Pagefind checks every 50 ms) and has split a term into
    // words (the page's first Intl.Segmenter is slow to make): a search begun after it waits for
    // neither. An empty term fetches nothing.
    await module.preload("");
    return module;
  });
  return loading;
}

/** Results shown at once (a phone's screenful), and in all: more words narrow the search. */
const FIRST = 3;
const SHOWN = 10;

export interface Found {
  /** How many pages and documents match. */
  count: number;
  /** The first of them, best first. */
  results: ResultData[];
  /** The ones after those, up to the last shown. */
  more(): Promise<ResultData[]>;
}

export async function search(term: string): Promise<Found> {
  const found = await (await pagefind()).search(term);
  // Their texts are in one fragment file (scripts/build/search-index.ts): each result's excerpt is then work in the page.
  const data = (from: number, to: number) => Promise.all(found.results.slice(from, to).map((r) => r.data()));
  return { count: found.results.length, results: await data(0, FIRST), more: () => data(FIRST, SHOWN) };
}
