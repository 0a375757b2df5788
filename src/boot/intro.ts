/**
 * Inline in every page's head, before the first paint (compiled and hashed by scripts/build/boot.ts):
 * marks that script runs, and decides the intro splash. The first page of a visit plays it (the
 * splash is in the prerendered HTML, src/shell/Intro.tsx); later pages of the visit (src/ui/
 * visit-start.ts) and visitors who prefer reduced motion do not. When the splash goes (its
 * duration, or Skip, whose form closes the dialog), <html data-intro-over> tells the motion under
 * it that it may start (src/ui/intro-over.ts). Should the splash's own fade (Intro.css.ts, for
 * pages without script) end before the duration, that motion still waits for the duration: a
 * listener on every animation's end would run for each tagline as the page loads.
 */
import { startsVisit } from "../ui/visit-start.ts";

declare const INTRO_DURATION_MS: number;

const root = document.documentElement;
root.setAttribute("data-js", "");
const intro = "dialog[data-intro]";
const over = () => {
  root.setAttribute("data-intro-over", "");
  document.querySelector<HTMLDialogElement>(intro)?.close();
};
if (!startsVisit() || matchMedia("(prefers-reduced-motion: reduce)").matches) {
  root.setAttribute("data-intro-seen", "");
  over();
} else {
  // Timed from the page's start, so the splash lasts its duration however long the page takes.
  setTimeout(over, INTRO_DURATION_MS - performance.now());
  // close does not bubble: caught on its way down.
  addEventListener("close", (e) => (e.target as Element).matches?.(intro) && over(), true);
}
export {};
