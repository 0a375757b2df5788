import type { SectionOf } from "../../content/types.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

export function ListColumns({ section }: { section: SectionOf<"listColumns"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <div className={css.listColumns}>
        {section.columns.map((col) => (
          <div key={col.heading} className={css.listColumn}>
            <h3>{col.heading}</h3>
            <ul className={css.checkList}>
              {col.items.map((item) => (
                <li key={item} className={css.checkItem}>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}

export default ListColumns;
