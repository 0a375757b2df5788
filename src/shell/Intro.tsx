import { useEffect, useReducer } from "react";
import site from "virtual:site";
import { INTRO_SEEN_KEY, initialIntroPhase, introReducer, taglineDelays } from "./intro-state.ts";
import { markIntroOver } from "../ui/intro-over.ts";
import * as css from "./Intro.css.ts";

/** The opening splash: company initials, name and taglines over the already-rendered page. */
export function Intro() {
  const { durationMs, splashDelayMs, splashFadeMs } = site.behaviour.intro;
  // The server always renders the splash; the client decides in an effect, so hydration matches.
  const [phase, dispatch] = useReducer(introReducer, "playing");

  useEffect(() => {
    const start = initialIntroPhase({
      reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
      seenThisSession: document.documentElement.hasAttribute("data-intro-seen"),
    });
    if (start === "done") return dispatch({ type: "skip" });
    try {
      sessionStorage.setItem(INTRO_SEEN_KEY, "1");
    } catch {
      // Storage can be blocked; the splash then simply plays again next time.
    }
    // Timed from the page's start, not from hydration (which waits for the page to load), so
    // the splash lasts its duration however long the first view took.
    const timer = window.setTimeout(() => dispatch({ type: "timeout" }), Math.max(0, durationMs - performance.now()));
    return () => window.clearTimeout(timer);
  }, [durationMs]);

  useEffect(() => {
    if (phase === "done") markIntroOver();
  }, [phase]);

  if (phase === "done") return null;
  const delays = taglineDelays(site.taglines.length, durationMs);
  return (
    <dialog
      open
      aria-label={site.company.name}
      className={css.overlay}
      style={{ animationDelay: `${splashDelayMs}ms`, animationDuration: `${splashFadeMs}ms` }}
      onAnimationEnd={(e) => e.target === e.currentTarget && dispatch({ type: "finish" })}
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
      {/* A dialog's form closes it without script; once hydrated, the click ends the intro instead. */}
      <form method="dialog">
        <button
          className={css.skip}
          onClick={(e) => {
            e.preventDefault();
            dispatch({ type: "skip" });
          }}
        >
          {site.ui.skipIntro}
        </button>
      </form>
    </dialog>
  );
}
