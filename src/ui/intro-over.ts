import { useSyncExternalStore } from "react";

/**
 * Whether the intro splash has left the page. Motion underneath it (the typed tagline, the
 * slideshow, the partner strip) waits until then: nobody can see it, and every animated frame
 * costs the phone main-thread and compositor time while the page is still loading.
 *
 * The state is one attribute on <html> (INTRO_OVER_ATTRIBUTE), so CSS animations can wait on it
 * as well; components subscribe here.
 */
/** Set on <html> once the splash has gone, for CSS animations that wait for it. */
export const INTRO_OVER_ATTRIBUTE = "data-intro-over";

const listeners = new Set<() => void>();
const isOver = () => document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE);

export function markIntroOver(): void {
  if (isOver()) return;
  document.documentElement.setAttribute(INTRO_OVER_ATTRIBUTE, "");
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and until the splash has gone (or was skipped). */
export function useIntroOver(): boolean {
  return useSyncExternalStore(subscribe, isOver, () => false);
}
