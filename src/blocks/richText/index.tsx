import type { SectionOf } from "../../content/types.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";
import { ContactText } from "../../ui/ContactText.tsx";

export function RichText({ section }: { section: SectionOf<"richText"> }) {
  return (
    <Section>
      <div className={css.proseLayout}>
        {(section.eyebrow || section.heading) && (
          <div className={css.proseHead}>
            {section.eyebrow && <p className={css.eyebrow}>{section.eyebrow}</p>}
            {section.heading && <h2 className={css.proseHeading}>{section.heading}</h2>}
          </div>
        )}
        <div className={css.prose}>
          {section.paragraphs.map((p, i) => (
            <p key={i}>
              <ContactText text={p} />
            </p>
          ))}
          {section.bullets && (
            <ul className={css.bullets}>
              {section.bullets.map((b) => (
                <li key={b}>
                  <ContactText text={b} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Section>
  );
}

export default RichText;
