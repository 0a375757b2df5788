import type { SectionOf, SectionType } from "../content/types.ts";
import { lazyBlock, type LazyBlock } from "./lazy-block.tsx";

type BlockProps<T extends SectionType> = { section: SectionOf<T> };
export type BlockComponent<T extends SectionType> = LazyBlock<BlockProps<T>>;

/**
 * Section type -> component. The mapped type makes `tsc` fail when a schema type has no
 * component here, or a key here is not a section type of the schema.
 *
 * Every block is a chunk of its own, so a page fetches only the blocks it shows (the
 * prerendered HTML preloads them; `file` names the chunk in the build manifest).
 */
export const registry: { [T in SectionType]: BlockComponent<T> } = {
  banner: lazyBlock("src/blocks/Banner.tsx", () => import("./Banner.tsx").then((m) => m.Banner)),
  // The carousel's code (embla) is the heaviest block; its first slide, heading and button
  // work without it, so it hydrates after the rest of the page.
  hero: lazyBlock("src/blocks/Hero.tsx", () => import("./Hero.tsx").then((m) => m.Hero), { deferred: true }),
  richText: lazyBlock("src/blocks/RichText.tsx", () => import("./RichText.tsx").then((m) => m.RichText)),
  cardGrid: lazyBlock("src/blocks/CardGrid.tsx", () => import("./CardGrid.tsx").then((m) => m.CardGrid)),
  logoStrip: lazyBlock("src/blocks/LogoStrip.tsx", () => import("./LogoStrip.tsx").then((m) => m.LogoStrip)),
  logoGrid: lazyBlock("src/blocks/LogoGrid.tsx", () => import("./LogoGrid.tsx").then((m) => m.LogoGrid)),
  accordion: lazyBlock("src/blocks/Accordion.tsx", () => import("./Accordion.tsx").then((m) => m.Accordion)),
  pdfEmbed: lazyBlock("src/blocks/PdfEmbed.tsx", () => import("./PdfEmbed.tsx").then((m) => m.PdfEmbed)),
  documentList: lazyBlock("src/blocks/DocumentList.tsx", () => import("./DocumentList.tsx").then((m) => m.DocumentList)),
  linkList: lazyBlock("src/blocks/LinkList.tsx", () => import("./LinkList.tsx").then((m) => m.LinkList)),
  featureList: lazyBlock("src/blocks/FeatureList.tsx", () => import("./FeatureList.tsx").then((m) => m.FeatureList)),
  listColumns: lazyBlock("src/blocks/ListColumns.tsx", () => import("./ListColumns.tsx").then((m) => m.ListColumns)),
  cta: lazyBlock("src/blocks/Cta.tsx", () => import("./Cta.tsx").then((m) => m.Cta)),
  // The form and its toasts (sonner itself loads after the page starts).
  form: lazyBlock("src/blocks/FormWithToasts.tsx", () => import("./FormWithToasts.tsx").then((m) => m.FormWithToasts)),
  contactBlock: lazyBlock("src/blocks/ContactBlock.tsx", () => import("./ContactBlock.tsx").then((m) => m.ContactBlock)),
};

/**
 * Loads the code of the blocks `sections` use, so the page renders without suspending; on a
 * page's first load (`initial`) deferred blocks are left to hydrate when their code arrives.
 */
export function preloadBlocks(sections: { type: SectionType }[], { initial = false } = {}): Promise<unknown> {
  const blocks = sections.map((s) => registry[s.type]);
  return Promise.all(blocks.filter((b) => !(initial && b.deferred)).map((b) => b.preload()));
}

/** The source files of the blocks `sections` use (as the build manifest names them), and which are deferred. */
export function blockFiles(sections: { type: SectionType }[]): { file: string; deferred: boolean }[] {
  const blocks = new Set(sections.map((s) => registry[s.type]));
  return [...blocks].map((b) => ({ file: b.file, deferred: b.deferred }));
}
