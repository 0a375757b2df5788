import type { ComponentType, ReactNode } from "react";
import type { SectionOf, SectionType } from "../content/types.ts";

export interface LazyBlock<P> {
  (props: P): ReactNode;
  /** Loads the block's code; resolved before the page that uses it is rendered or hydrated. */
  preload(): Promise<unknown>;
  /**
   * Its source file, e.g. "src/blocks/hero/index.tsx": the key of its chunk in the build
   * manifest; null for a block bundled with the entry (no chunk of its own).
   */
  file: string | null;
  /**
   * On a page's first load, hydrate it after the rest: its prerendered HTML already reads and
   * works (links, first slide), so its code is not part of what the page needs to start.
   */
  deferred: boolean;
}

/**
 * A block whose code is its own chunk, fetched only by pages that use it. Unlike React.lazy
 * it renders synchronously once preloaded, so prerendering (renderToString) and hydration
 * see the same tree; the page loader preloads the blocks a page needs.
 */
export function lazyBlock<P extends object>(type: SectionType, load: () => Promise<{ default: ComponentType<P> }>, loading: "lazy" | "deferred"): LazyBlock<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
    }));
  const Block = (props: P) => {
    // Not loaded yet (a deferred block while the page hydrates): suspend until it is; during
    // hydration React keeps the prerendered HTML meanwhile.
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  };
  return Object.assign(Block, { preload, file: `src/blocks/${type}/index.tsx`, deferred: loading === "deferred" });
}

/**
 * A block bundled with the entry chunk: light and on most pages, so a chunk of its own would
 * cost a request and a main-thread task on every first view and save next to no bytes.
 */
export function eagerBlock<P extends object>(Component: ComponentType<P>): LazyBlock<P> {
  const Block = (props: P) => <Component {...props} />;
  return Object.assign(Block, { preload: () => Promise.resolve(), file: null, deferred: false });
}

export type BlockComponent<T extends SectionType> = LazyBlock<{ section: SectionOf<T> }>;

/** Section type -> its block. A schema type without a block folder, or the reverse, fails `tsc`. */
export type Registry = { [T in SectionType]: BlockComponent<T> };
