import type { SectionOf } from "../../content/types.ts";
import { useLocation } from "wouter";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { normalisePath } from "../../ui/format.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

export function LinkList({ section }: { section: SectionOf<"linkList"> }) {
  const current = normalisePath(useLocation()[0]);
  return (
    <Section>
      {/* Laid out like a text block: heading above, or on wide screens beside, the links. */}
      <div className={css.proseLayout}>
        {(section.heading || section.intro) && (
          <div className={css.proseHead}>
            {section.heading && <h2 className={css.proseHeading}>{section.heading}</h2>}
            {section.intro && <p className={css.linkIntro}>{section.intro}</p>}
          </div>
        )}
        <ul className={css.linkList}>
          {section.links.map((l) => (
            <li key={l.href}>
              <SmartLink href={l.href} className={css.linkItem} aria-current={l.href === current ? "page" : undefined}>
                <span className={css.linkLabel}>{l.label} →</span>
                {l.description && <span className={css.linkText}>{l.description}</span>}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

export default LinkList;
