import type { SectionOf, SectionType } from "../content/types.ts";
import { eagerBlock, lazyBlock, type LazyBlock } from "./lazy-block.tsx";
import { Banner } from "./Banner.tsx";
import { RichText } from "./RichText.tsx";
import { CardGrid } from "./CardGrid.tsx";
import { LogoStrip } from "./LogoStrip.tsx";
import { LogoGrid } from "./LogoGrid.tsx";
import { DocumentList } from "./DocumentList.tsx";
import { LinkList } from "./LinkList.tsx";
import { FeatureList } from "./FeatureList.tsx";
import { ListColumns } from "./ListColumns.tsx";
import { Cta } from "./Cta.tsx";
import { ContactBlock } from "./ContactBlock.tsx";

type BlockProps<T extends SectionType> = { section: SectionOf<T> };
export type BlockComponent<T extends SectionType> = LazyBlock<BlockProps<T>>;

/**
 * Section type -> component. The mapped type makes `tsc` fail when a schema type has no
 * component here, or a key here is not a section type of the schema.
 *
 * The light blocks most pages show are bundled with the entry (about 2 KB gzip together): as
 * chunks of their own each cost every first view a request and a main-thread task. The heavy
 * or rare ones (carousel, accordion, PDF viewer, form) are chunks of their own, fetched only by
 * pages that show them (the prerendered HTML preloads them; `file` names the chunk in the
 * build manifest).
 */
export const registry: { [T in SectionType]: BlockComponent<T> } = {
  banner: eagerBlock(Banner),
  // The carousel's code (embla) is the heaviest block; its first slide, heading and button
  // work without it, so it hydrates after the rest of the page.
  hero: lazyBlock("src/blocks/Hero.tsx", () => import("./Hero.tsx").then((m) => m.Hero), { deferred: true }),
  richText: eagerBlock(RichText),
  cardGrid: eagerBlock(CardGrid),
  logoStrip: eagerBlock(LogoStrip),
  logoGrid: eagerBlock(LogoGrid),
  accordion: lazyBlock("src/blocks/Accordion.tsx", () => import("./Accordion.tsx").then((m) => m.Accordion)),
  pdfEmbed: lazyBlock("src/blocks/PdfEmbed.tsx", () => import("./PdfEmbed.tsx").then((m) => m.PdfEmbed)),
  documentList: eagerBlock(DocumentList),
  linkList: eagerBlock(LinkList),
  featureList: eagerBlock(FeatureList),
  listColumns: eagerBlock(ListColumns),
  cta: eagerBlock(Cta),
  // The form and its toasts (sonner itself loads after the page starts).
  form: lazyBlock("src/blocks/FormWithToasts.tsx", () => import("./FormWithToasts.tsx").then((m) => m.FormWithToasts)),
  contactBlock: eagerBlock(ContactBlock),
};

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
