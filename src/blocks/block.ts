import type { ComponentType } from "react";
import type { SectionOf, SectionType } from "../content/types.ts";

/**
 * When an interactive block's island hydrates in the browser (src/islands/wake.ts):
 * - "visible": as it comes into the viewport (not before the page's load event);
 * - "idle": once the page has loaded and the browser is idle;
 * - "interaction": on the first press, key or focus inside it.
 * A block folder says it in its schema.json (`"x-island": "idle"`); a block without one is
 * drawn at build and never sent to the browser as code.
 */
export type Wake = "visible" | "idle" | "interaction";

export interface Block<P> {
  Component: ComponentType<P>;
  /** Null for a block whose prerendered HTML is all it needs. */
  wake: Wake | null;
}

export const block = <P>(Component: ComponentType<P>, wake: Wake | null = null): Block<P> => ({ Component, wake });

export type BlockComponent<T extends SectionType> = Block<{ section: SectionOf<T> }>;

/** Section type -> its block. A schema type without a block folder, or the reverse, fails `tsc`. */
export type Registry = { [T in SectionType]: BlockComponent<T> };
