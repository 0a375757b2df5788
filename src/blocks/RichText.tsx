import type { SectionOf } from "../content/types.ts";
import { Section } from "./Section.tsx";
import * as css from "./blocks.css.ts";

export function RichText({ section }: { section: SectionOf<"richText"> }) {
  return (
    <Section>
      <div className={css.prose}>
        {section.eyebrow && <p className={css.eyebrow}>{section.eyebrow}</p>}
        {section.heading && <h2>{section.heading}</h2>}
        {section.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {section.bullets && (
          <ul className={css.bullets}>
            {section.bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
