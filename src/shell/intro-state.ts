/**
 * The intro splash: it plays first and ends after its duration, on its own finish
 * signal (the splash animation ending, or the visitor skipping it), whichever comes
 * first. It is skipped when the visitor prefers reduced motion or has already seen it
 * in this browser session.
 */
export type IntroPhase = "playing" | "done";

export type IntroEvent = { type: "timeout" } | { type: "finish" } | { type: "skip" };

export function introReducer(phase: IntroPhase, event: IntroEvent): IntroPhase {
  switch (event.type) {
    case "timeout":
    case "finish":
    case "skip":
      return "done";
  }
  return phase;
}

export function initialIntroPhase(env: { reducedMotion: boolean; seenThisSession: boolean }): IntroPhase {
  return env.reducedMotion || env.seenThisSession ? "done" : "playing";
}

export const INTRO_SEEN_KEY = "intro-seen";

/**
 * When each tagline appears, in ms from its first paint: one by one from 800 ms, when a phone has
 * usually drawn and hydrated the page (why the splash waits: see Intro.css.ts), 700 ms apart, or
 * closer when the intro is shorter, so that the last one still shows before the splash goes.
 */
export function taglineDelays(count: number, introDurationMs: number): number[] {
  const start = 800;
  const step = Math.max(0, Math.min(700, (introDurationMs - start) / count));
  return Array.from({ length: count }, (_, i) => start + i * step);
}
