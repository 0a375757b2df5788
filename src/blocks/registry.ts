import type { ComponentType } from "react";
import type { SectionOf, SectionType } from "../content/types.ts";
import { Accordion } from "./Accordion.tsx";
import { Banner } from "./Banner.tsx";
import { CardGrid } from "./CardGrid.tsx";
import { ContactBlock } from "./ContactBlock.tsx";
import { Cta } from "./Cta.tsx";
import { DocumentList } from "./DocumentList.tsx";
import { FeatureList } from "./FeatureList.tsx";
import { Form } from "./Form.tsx";
import { Hero } from "./Hero.tsx";
import { LinkList } from "./LinkList.tsx";
import { ListColumns } from "./ListColumns.tsx";
import { LogoGrid } from "./LogoGrid.tsx";
import { LogoStrip } from "./LogoStrip.tsx";
import { PdfEmbed } from "./PdfEmbed.tsx";
import { RichText } from "./RichText.tsx";

export type BlockComponent<T extends SectionType> = ComponentType<{ section: SectionOf<T> }>;

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
