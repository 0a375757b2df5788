/**
 * When each tagline appears, in ms from its first paint: one by one from `start`, when a phone has
 * usually drawn the page (why the splash waits: see Intro.css.ts), `step` apart, or closer when
 * the intro is shorter, so that the last one still shows before the splash goes.
 */
export function taglineDelays(count: number, introDurationMs: number): number[] {
  const start = 800;
  const step = Math.max(0, Math.min(700, (introDurationMs - start) / count));
  return Array.from({ length: count }, (_, i) => start + i * step);
}
