import site from "virtual:site";
import type { SectionOf } from "../content/types.ts";
import { fill } from "../app/format.ts";
import { button } from "../styles/layout.css.ts";
import { Section } from "./Section.tsx";
import * as css from "./blocks.css.ts";

/** A datasheet shown in the browser's PDF viewer at a fixed height, loaded only when near the viewport. */
export function PdfEmbed({ section }: { section: SectionOf<"pdfEmbed"> }) {
  return (
    <Section heading={section.heading ?? section.title}>
      <iframe className={css.pdfFrame} src={section.file} title={section.title} height={section.height} loading="lazy" />
      <div className={css.ctaRow}>
        <a className={button} href={section.file} target="_blank" rel="noopener" download>
          {site.ui.download} {section.title}
        </a>
        <a href={section.file} target="_blank" rel="noopener">
          {fill(site.ui.pdfFallback, { name: section.title })} {site.ui.opensInNewTab}
        </a>
      </div>
    </Section>
  );
}
