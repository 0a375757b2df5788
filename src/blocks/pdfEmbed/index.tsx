import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { fill } from "../../ui/format.ts";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

/**
 * A datasheet shown in the browser's PDF viewer at a fixed height: a frame the browser loads lazily,
 * as it comes near the viewport, with no script of the page's own; a box of the same size holds its
 * place meanwhile.
 */
export function PdfEmbed({ section }: { section: SectionOf<"pdfEmbed"> }) {
  return (
    <Section heading={section.heading ?? section.title}>
      <div className={css.pdfSlot} style={{ minHeight: section.height }}>
        <iframe className={css.pdfFrame} src={section.file} title={section.title} height={section.height} loading="lazy" />
      </div>
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

export default PdfEmbed;
