/** One animation frame of the trailing ring: it closes 1/speed of the gap to the pointer. */
export function trail(current: { x: number; y: number }, target: { x: number; y: number }, speed: number) {
  return { x: current.x + (target.x - current.x) / speed, y: current.y + (target.y - current.y) / speed };
}

/** The two circles' scales for the cursor's state (normal, over a target, pressing). */
export function cursorScales(state: { hover: boolean; pressed: boolean }, c: { innerScale: number; outerScale: number; pressScale: number }) {
  const press = state.pressed ? c.pressScale : 1;
  return state.hover || state.pressed ? { inner: c.innerScale * press, outer: c.outerScale * press } : { inner: 1, outer: 1 };
}

/**
 * Phones and tablets get no custom cursor (spec: detected from the user agent), nor do coarse
 * pointers or visitors who prefer reduced motion. `matches` answers a media query (matchMedia's);
 * it is asked only on a desktop's user agent, so a phone's page evaluates no media query for it.
 */
export function cursorWanted(userAgent: string, matches: (query: string) => boolean): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i.test(userAgent)) return false;
  return matches("(pointer: fine)") && !matches("(prefers-reduced-motion: reduce)");
}
