import { useSyncExternalStore } from "react";
import { INTRO_OVER_ATTRIBUTE } from "./intro-state.ts";

/**
 * Whether the intro splash has left the page. Motion underneath it (the typed tagline, the
 * slideshow, the partner strip) waits until then: nobody can see it, and every animated frame
 * costs the phone main-thread and compositor time while the page is still loading.
 *
 * An attribute on <html> (INTRO_OVER_ATTRIBUTE) lets CSS animations wait as well.
 */
let over = false;
const listeners = new Set<() => void>();

export function markIntroOver(): void {
  if (over) return;
  over = true;
  document.documentElement.setAttribute(INTRO_OVER_ATTRIBUTE, "");
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and until the splash has gone (or was skipped). */
export function useIntroOver(): boolean {
  return useSyncExternalStore(subscribe, () => over, () => false);
}
