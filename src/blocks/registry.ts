import type { SectionType } from "../content/types.ts";
import { registry } from "./registry.generated.ts";

export { registry };
export type { BlockComponent, Wake } from "./block.ts";

/*
 * The registry is generated from the block folders (`npm run types`). Every block is drawn at build
 * (and by the editor's preview); only those whose folder says when they wake are also hydrated in
 * the browser, each as its own island (src/islands/).
 */

/** The section types of `sections` that are islands in the browser. */
export function islandTypes(sections: { type: SectionType }[]): SectionType[] {
  return [...new Set(sections.map((s) => s.type))].filter((type) => registry[type].wake !== null);
}
