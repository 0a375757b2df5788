import type { SectionOf } from "../content/types.ts";
import { SmartLink } from "../app/SmartLink.tsx";
import { Section } from "./Section.tsx";
import * as css from "./blocks.css.ts";

export function LinkList({ section }: { section: SectionOf<"linkList"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <ul className={css.linkList}>
        {section.links.map((l) => (
          <li key={l.href}>
            <SmartLink href={l.href} className={css.linkItem}>
              <span className={css.linkLabel}>{l.label} →</span>
              {l.description && <span className={css.linkText}>{l.description}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
