import type { ComponentType, ReactNode } from "react";

export interface LazyBlock<P> {
  (props: P): ReactNode;
  /** Loads the block's code; resolved before the page that uses it is rendered or hydrated. */
  preload(): Promise<unknown>;
}

/**
 * A block whose code is its own chunk, fetched only by pages that use it. Unlike React.lazy
 * it renders synchronously once preloaded, so prerendering (renderToString) and hydration
 * see the same tree; the page loader preloads every lazy block a page needs.
 */
export function lazyBlock<P extends object>(load: () => Promise<ComponentType<P>>): LazyBlock<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  const Block = (props: P) => {
    // Not preloaded (should not happen): suspend until it is, like React.lazy would.
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  };
  return Object.assign(Block, { preload });
}
