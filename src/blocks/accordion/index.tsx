import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

type Item = SectionOf<"accordion">["items"][number];

/** One disclosure (native details/summary: keyboard-ready, and readable without JavaScript). */
function AccordionItem({ item }: { item: Item }) {
  return (
    <li className={css.item}>
      <details className={css.details}>
        <summary className={css.toggle}>
          {item.title}
          <span className={css.sign} aria-hidden="true" />
        </summary>
        <div className={css.panel}>
          {item.protocols.map((p, i) => (
            <div key={i} className={css.protocol}>
              {p.type && <h3 className={css.protocolType}>{p.type}</h3>}
              {p.description && <p style={{ margin: 0 }}>{p.description}</p>}
              <ul className={css.devices}>
                {p.devices.map((d) => (
                  <li key={d} className={css.device}>
                    {d}
                  </li>
                ))}
              </ul>
              {p.notSupported && p.notSupported.length > 0 && (
                <>
                  <p className={css.unsupportedLabel}>{site.ui.notSupported}:</p>
                  <ul className={css.devices}>
                    {p.notSupported.map((d) => (
                      <li key={d} className={css.unsupported}>
                        {d}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          ))}
        </div>
      </details>
    </li>
  );
}

/** Expandable items, split into two columns on wide screens when `columns: 2`. */
export function Accordion({ section }: { section: SectionOf<"accordion"> }) {
  const count = section.columns ?? 1;
  const perColumn = Math.ceil(section.items.length / count);
  const groups = Array.from({ length: count }, (_, i) => section.items.slice(i * perColumn, (i + 1) * perColumn));
  return (
    <Section heading={section.heading} intro={section.intro}>
      <div className={count > 1 ? css.columns : undefined}>
        {groups.map((group, i) => (
          <ul key={i} className={css.list}>
            {group.map((item) => (
              <AccordionItem key={item.title} item={item} />
            ))}
          </ul>
        ))}
      </div>
    </Section>
  );
}

export default Accordion;
