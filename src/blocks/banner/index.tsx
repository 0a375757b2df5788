import { Img } from "../../ui/Img.tsx";
import { container } from "../../styles/layout.css.ts";
import type { SectionOf } from "../../content/types.ts";
import * as css from "./styles.css.ts";

/** The page banner: a photograph under a dark overlay with the page's heading (its h1). */
export function Banner({ section }: { section: SectionOf<"banner"> }) {
  return (
    <div className={css.banner}>
      <Img src={section.image} alt="" className={css.bannerImage} priority />
      <div className={css.bannerOverlay} />
      <div className={`${container} ${css.bannerContent}`}>
        <h1 className={css.bannerHeading} tabIndex={-1}>
          {section.heading}
        </h1>
        {section.text && <p className={css.bannerText}>{section.text}</p>}
      </div>
    </div>
  );
}

export default Banner;
