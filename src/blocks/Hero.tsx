import { useCallback, useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import site from "virtual:site";
import type { SectionOf } from "../content/types.ts";
import { fill } from "../app/format.ts";
import { Img } from "../app/Img.tsx";
import { SmartLink } from "../app/SmartLink.tsx";
import { button, container } from "../styles/layout.css.ts";
import { TypedTagline } from "./TypedTagline.tsx";
import * as css from "./Hero.css.ts";

/**
 * The home banner: slides change every `hero.intervalMs`, pause while hovered or focused,
 * and can be paused, stepped and picked with buttons. Under reduced motion it starts paused.
 */
export function Hero({ section }: { section: SectionOf<"hero"> }) {
  const { hero, typedTagline } = site.behaviour;
  const { ui } = site;
  const [autoplay] = useState(() => Autoplay({ delay: hero.intervalMs, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true, playOnInit: false }));
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 30 }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on("select", onSelect);
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      autoplay.play();
      setPlaying(true);
    }
    return () => {
      api.off("select", onSelect);
    };
  }, [api, autoplay]);

  const togglePlay = useCallback(() => {
    if (playing) autoplay.stop();
    else autoplay.play();
    setPlaying(!playing);
  }, [autoplay, playing]);

  return (
    <section className={css.hero} aria-roledescription="carousel" aria-label={section.heading}>
      <div className={css.viewport} ref={viewportRef}>
        <div className={css.track} aria-live={playing ? "off" : "polite"}>
          {section.slides.map((slide, i) => (
            <div key={slide.src} className={css.slide} role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${section.slides.length}`}>
              <Img src={slide.src} alt={slide.alt} className={css.slideImage} priority={i === 0} />
            </div>
          ))}
        </div>
      </div>
      <div className={css.overlay} />
      <div className={`${container} ${css.content}`}>
        <h1 className={css.heading} tabIndex={-1}>{section.heading}</h1>
        <TypedTagline lines={section.taglines} charDelayMs={typedTagline.charDelayMs} holdMs={typedTagline.holdMs} className={css.tagline} />
        <div className={css.actions}>
          <SmartLink href={section.cta.href} className={button}>{section.cta.label}</SmartLink>
        </div>
      </div>
      {section.slides.length > 1 && (
        <div className={css.controls}>
          <button type="button" className={css.control} onClick={() => api?.scrollPrev()} aria-label={ui.previousSlide}>‹</button>
          {section.slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className={css.dot}
              aria-label={fill(ui.goToSlide, { n: i + 1 })}
              aria-current={i === selected}
              onClick={() => api?.scrollTo(i)}
            />
          ))}
          <button type="button" className={css.control} onClick={() => api?.scrollNext()} aria-label={ui.nextSlide}>›</button>
          <button type="button" className={css.control} onClick={togglePlay} aria-label={playing ? ui.pauseCarousel : ui.playCarousel}>
            {playing ? "❚❚" : "▶"}
          </button>
        </div>
      )}
    </section>
  );
}
