import site from "virtual:site";
import { taglineDelays } from "./intro-state.ts";
import * as css from "./Intro.css.ts";

/**
 * The opening splash: company initials, name and taglines over the already-rendered page. Always
 * in the prerendered HTML; the inline head script (src/boot/intro.ts) hides it before the first
 * paint on later pages of a visit and closes it when it is over. Without script it fades on its own
 * (Intro.css.ts); Skip is a dialog form, which closes it with or without script.
 */
export function Intro() {
  const { durationMs, splashDelayMs, splashFadeMs } = site.behaviour.intro;
  const delays = taglineDelays(site.taglines.length, durationMs);
  return (
    <dialog
      open
      aria-label={site.company.name}
      className={css.overlay}
      style={{ animationDelay: `${splashDelayMs}ms`, animationDuration: `${splashFadeMs}ms` }}
      data-intro=""
      data-testid="intro"
    >
      <div className={css.inner} aria-hidden="true">
        <span className={css.initials}>{site.company.initials}</span>
        <p className={css.name}>{site.company.name}</p>
        <div className={css.rule} />
        <ul className={css.taglines}>
          {site.taglines.map((t, i) => (
            <li key={t.title} className={css.tagline} style={{ animationDelay: `${delays[i]}ms` }}>
              <strong>{t.title}</strong> · {t.text}
            </li>
          ))}
        </ul>
      </div>
      <form method="dialog" className={css.skipForm}>
        <button className={css.skip}>{site.ui.skipIntro}</button>
      </form>
    </dialog>
  );
}
