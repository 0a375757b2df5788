import { useRef } from "react";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { fill } from "../../ui/format.ts";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import { useNearViewport } from "../use-near-viewport.ts";
import * as css from "./styles.css.ts";

/**
 * A datasheet shown in the browser's PDF viewer at a fixed height. The viewer starts only when
 * its place scrolls into the viewport; until then a box of the same size holds its place. Without
 * JavaScript the <noscript> frame loads instead (lazily, as the browser decides).
 */
export function PdfEmbed({ section }: { section: SectionOf<"pdfEmbed"> }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  const frame = <iframe className={css.pdfFrame} src={section.file} title={section.title} height={section.height} loading="lazy" />;
  return (
    <Section heading={section.heading ?? section.title}>
      <div ref={slot} className={css.pdfSlot} style={{ minHeight: section.height }}>
        {near ? frame : <noscript>{frame}</noscript>}
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
export const loading = "lazy";
