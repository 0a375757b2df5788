import type { SectionType } from "../content/types.ts";
import { registry } from "./registry.generated.ts";

export { registry };
export type { BlockComponent } from "./lazy-block.tsx";

/*
 * The registry is generated from the block folders (`npm run types`): each src/blocks/<type>/
 * says in its index.tsx whether it loads "eager" (bundled with the entry: light blocks most pages
 * show, where a chunk of their own would cost every first view a request and a main-thread task),
 * "lazy" (a chunk fetched only by pages that show it) or "deferred" (lazy, and hydrated after the
 * rest of the page, since its prerendered HTML already works).
 */

/**
 * Loads the code of the blocks `sections` use, so the page renders without suspending; on a
 * page's first load (`initial`) deferred blocks are left to hydrate when their code arrives.
 */
export function preloadBlocks(sections: { type: SectionType }[], { initial = false } = {}): Promise<unknown> {
  const blocks = sections.map((s) => registry[s.type]);
  return Promise.all(blocks.filter((b) => !(initial && b.deferred)).map((b) => b.preload()));
}

/** The chunks (source files, as the build manifest names them) of the blocks `sections` use, and which are deferred. */
export function blockFiles(sections: { type: SectionType }[]): { file: string; deferred: boolean }[] {
  const blocks = new Set(sections.map((s) => registry[s.type]));
  return [...blocks].flatMap((b) => (b.file ? [{ file: b.file, deferred: b.deferred }] : []));
}
