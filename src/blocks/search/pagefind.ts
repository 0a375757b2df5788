/**
 * The index `npm run build` writes (scripts/build/search-index.ts), read with Pagefind's own
 * browser module from the built site: fetched on the visitor's first focus or keystroke in the box,
 * never with the page. It then loads only the index fragments a query needs.
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
  search(term: string): Promise<{ results: { data(): Promise<ResultData> }[] }>;
}

let loading: Promise<PagefindModule> | undefined;

/** The module, imported and started once. */
export function pagefind(): Promise<PagefindModule> {
  loading ??= (import(/* @vite-ignore */ `${INDEX_DIR}pagefind.js`) as Promise<PagefindModule>).then(async (module) => {
    // Searched in the page: a worker would be one more file to fetch for an index this small.
    await module.options({ noWorker: true, excerptLength: 24 });
    await module.init();
    return module;
  });
  return loading;
}

/** Results to show at once: a visitor reads the first few; more words narrow the search. */
const SHOWN = 10;

/**
 * How many pages and documents match `term`, and the first of them, best first: each its own
 * promise, since each waits for its own fragment of the index.
 */
export async function search(term: string): Promise<{ count: number; results: Promise<ResultData>[] }> {
  const found = await (await pagefind()).search(term);
  return { count: found.results.length, results: found.results.slice(0, SHOWN).map((r) => r.data()) };
}
