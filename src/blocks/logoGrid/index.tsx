import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

export function LogoGrid({ section }: { section: SectionOf<"logoGrid"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <ul className={`${css.logoGrid} ${css.wideGrid}`} role="list">
        {section.logos.map((logo) => (
          <li key={logo.name} className={`${css.logoCell} ${css.logoItem}`}>
            <Img src={logo.image} alt={logo.name} className={css.logoImage} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default LogoGrid;
