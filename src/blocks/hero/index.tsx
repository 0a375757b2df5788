import { useCallback, useEffect, useState, type FocusEvent } from "react";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { fill } from "../../ui/format.ts";
import { Img } from "../../ui/Img.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { button, container } from "../../styles/layout.css.ts";
import { useIntroOver } from "../../ui/intro-over.ts";
import { TypedTagline } from "./TypedTagline.tsx";
import * as css from "./styles.css.ts";

/**
 * The home banner: slides change every `hero.intervalMs`, pause while hovered or focused,
 * and can be paused, stepped and picked with buttons; the pause holds the typed tagline too. Under
 * reduced motion it starts paused. The slides start moving, and the later ones load their images,
 * once the intro splash has gone. A slide change is one render and a CSS cross-fade of opacity
 * (the compositor's work): no script runs per frame, so a phone spends its main thread on little
 * more than the tagline's characters (npm run bench:hero). Only the current slide is exposed to
 * assistive technology; the others are inert.
 */
export function Hero({ section }: { section: SectionOf<"hero"> }) {
  const { hero, typedTagline } = site.behaviour;
  const { ui } = site;
  const count = section.slides.length;
  const [selected, setSelected] = useState(0);
  // Until hydration (and under reduced motion) the slideshow does not play.
  const [paused, setPaused] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const step = useCallback((by: number) => setSelected((s) => (s + by + count) % count), [count]);

  useEffect(() => {
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPaused(false);
  }, []);

  const introOver = useIntroOver();
  const running = !paused && !hovered && !focused && introOver && count > 1;
  // A slide shows for the whole interval whenever it came: stepping or picking one starts it again.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => step(1), hero.intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, selected, step, hero.intervalMs]);

  const togglePlay = useCallback(() => setPaused((p) => !p), []);
  // Keyboard focus inside holds the slides; focus that a click or a page change put there does not.
  const onBlur = useCallback((e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  }, []);
  const playing = !paused;

  return (
    <section
      className={css.hero}
      aria-roledescription="carousel"
      aria-label={section.heading}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => setFocused(e.target.matches(":focus-visible"))}
      onBlur={onBlur}
    >
      <div className={css.viewport}>
        <div className={css.track} aria-live={playing ? "off" : "polite"}>
          {section.slides.map((slide, i) => (
            <div
              key={slide.src}
              className={css.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${count}`}
              aria-hidden={i !== selected || undefined}
              inert={i !== selected || undefined}
              data-current={i === selected || undefined}
            >
              {/* Later slides show only once the slideshow may move: until then nobody can see
                  them, and fetching and decoding them would compete with the first view. */}
              {(i === 0 || introOver) && <Img src={slide.src} alt={slide.alt} className={css.slideImage} priority={i === 0} />}
            </div>
          ))}
        </div>
      </div>
      <div className={css.overlay} />
      <div className={`${container} ${css.content}`}>
        <h1 className={css.heading} tabIndex={-1}>
          {section.heading}
        </h1>
        <TypedTagline lines={section.taglines} charDelayMs={typedTagline.charDelayMs} holdMs={typedTagline.holdMs} paused={paused} className={css.tagline} />
        <div className={css.actions}>
          <SmartLink href={section.cta.href} className={button}>
            {section.cta.label}
          </SmartLink>
        </div>
      </div>
      {count > 1 && (
        <div className={css.controls}>
          <button type="button" className={css.control} onClick={() => step(-1)} aria-label={ui.previousSlide}>
            ‹
          </button>
          {section.slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className={css.dot}
              aria-label={fill(ui.goToSlide, { n: i + 1 })}
              aria-current={i === selected}
              onClick={() => setSelected(i)}
            />
          ))}
          <button type="button" className={css.control} onClick={() => step(1)} aria-label={ui.nextSlide}>
            ›
          </button>
          <button type="button" className={css.control} onClick={togglePlay} aria-label={playing ? ui.pauseCarousel : ui.playCarousel}>
            {playing ? "❚❚" : "▶"}
          </button>
        </div>
      )}
    </section>
  );
}

export default Hero;
