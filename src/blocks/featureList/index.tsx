import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

export function FeatureList({ section }: { section: SectionOf<"featureList"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <ul className={css.features}>
        {section.features.map((f) => (
          <li key={f.title} className={css.feature}>
            {f.icon && <Img src={f.icon} alt="" className={css.icon} />}
            <h3 style={{ marginTop: "0.75rem" }}>{f.title}</h3>
            <p className={css.cardText}>{f.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default FeatureList;
