import { assignInlineVars } from "@vanilla-extract/dynamic";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

/**
 * Partner logos scrolling sideways forever. The list is drawn twice; the track moves by one
 * copy's width at the spec's speed (distancePx every durationS), so the loop has no seam. A
 * switch below stops it (WCAG 2.2.2): a checkbox, which keys and taps toggle without any script,
 * and CSS holds the animation while it is checked.
 */
export function LogoStrip({ section }: { section: SectionOf<"logoStrip"> }) {
  const { distancePx, durationS } = site.behaviour.partnerStrip;
  const copyWidth = section.logos.length * css.STRIP_PITCH_PX;
  const style = assignInlineVars({ [css.stripDistance]: `${copyWidth}px`, [css.stripDuration]: `${(copyWidth / distancePx) * durationS}s` });
  const items = (copy: boolean) =>
    section.logos.map((logo) => (
      <li key={`${copy}-${logo.name}`} className={copy ? `${css.stripItem} ${css.stripCopy}` : css.stripItem} aria-hidden={copy || undefined}>
        <div className={css.logoCell}>
          <Img src={logo.image} alt={copy ? "" : logo.name} className={css.logoImage} />
        </div>
      </li>
    ));
  return (
    <Section heading={section.heading}>
      <div className={css.stripBlock}>
        <div className={css.strip}>
          <ul className={css.stripTrack} style={style}>
            {items(false)}
            {items(true)}
          </ul>
        </div>
        <label className={css.pause}>
          <input type="checkbox" className={css.pauseInput} />
          {site.ui.pauseLogos}
        </label>
      </div>
    </Section>
  );
}

export default LogoStrip;
