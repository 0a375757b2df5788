import type { SectionOf } from "../../content/types.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { buttonOnDark } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

export function Cta({ section }: { section: SectionOf<"cta"> }) {
  return (
    <Section>
      <div className={css.cta}>
        {section.heading && <h2 className={css.ctaHeading}>{section.heading}</h2>}
        {section.text && <p>{section.text}</p>}
        <div className={css.ctaRow}>
          {section.buttons.map((b) => (
            <SmartLink key={b.href} href={b.href} className={buttonOnDark}>
              {b.label}
            </SmartLink>
          ))}
        </div>
      </div>
    </Section>
  );
}

export default Cta;
