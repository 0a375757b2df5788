import { useSyncExternalStore } from "react";

/**
 * Whether the intro splash has left the page. Motion underneath it (the typed tagline, the
 * slideshow, the partner strip) waits until then: nobody can see it, and every animated frame
 * costs the phone main-thread and compositor time while the page is still loading.
 *
 * The state is one attribute on <html> (INTRO_OVER_ATTRIBUTE), set by the inline head script
 * (src/boot/intro.ts) when the splash goes, so CSS animations can wait on it as well; islands
 * subscribe here.
 */
export const INTRO_OVER_ATTRIBUTE = "data-intro-over";

const isOver = () => document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE);

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [INTRO_OVER_ATTRIBUTE] });
  return () => observer.disconnect();
}

/** False on the server and until the splash has gone (or was skipped). */
export function useIntroOver(): boolean {
  return useSyncExternalStore(subscribe, isOver, () => false);
}
