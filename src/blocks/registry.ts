import type { ComponentType } from "react";
import { lazyBlock, type LazyBlock } from "./lazy-block.tsx";
import type { SectionOf, SectionType } from "../content/types.ts";
import { Accordion } from "./Accordion.tsx";
import { Banner } from "./Banner.tsx";
import { CardGrid } from "./CardGrid.tsx";
import { ContactBlock } from "./ContactBlock.tsx";
import { Cta } from "./Cta.tsx";
import { DocumentList } from "./DocumentList.tsx";
import { FeatureList } from "./FeatureList.tsx";
import { LinkList } from "./LinkList.tsx";
import { ListColumns } from "./ListColumns.tsx";
import { LogoGrid } from "./LogoGrid.tsx";
import { LogoStrip } from "./LogoStrip.tsx";
import { PdfEmbed } from "./PdfEmbed.tsx";
import { RichText } from "./RichText.tsx";

type BlockProps<T extends SectionType> = { section: SectionOf<T> };
export type BlockComponent<T extends SectionType> = ComponentType<BlockProps<T>> | LazyBlock<BlockProps<T>>;

// The carousel (embla) and the forms (with their toasts) are heavy and used on few pages:
// they load as chunks of their own.
const Hero = lazyBlock<BlockProps<"hero">>(() => import("./Hero.tsx").then((m) => m.Hero));
const Form = lazyBlock<BlockProps<"form">>(() => import("./FormWithToasts.tsx").then((m) => m.FormWithToasts));

/**
 * Section type -> component. The mapped type makes `tsc` fail when a schema type has no
 * component here, or a key here is not a section type of the schema.
 */
export const registry: { [T in SectionType]: BlockComponent<T> } = {
  banner: Banner,
  hero: Hero,
  richText: RichText,
  cardGrid: CardGrid,
  logoStrip: LogoStrip,
  logoGrid: LogoGrid,
  accordion: Accordion,
  pdfEmbed: PdfEmbed,
  documentList: DocumentList,
  linkList: LinkList,
  featureList: FeatureList,
  listColumns: ListColumns,
  cta: Cta,
  form: Form,
  contactBlock: ContactBlock,
};

/** Loads the code of every lazy block `sections` use, so the page renders without suspending. */
export function preloadBlocks(sections: { type: SectionType }[]): Promise<unknown> {
  const blocks: object[] = sections.map((s) => registry[s.type]);
  return Promise.all(blocks.map((block) => ("preload" in block && typeof block.preload === "function" ? block.preload() : undefined)));
}
