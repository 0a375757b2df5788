/**
 * The trailing cursor: a dot on the pointer and a ring that follows it, both growing over
 * clickable targets and more while pressed, hidden when the pointer leaves the window. The system
 * cursor stays. A module of its own without React: the page's inline cursor script
 * (src/boot/cursor.ts) imports it at the pointer's first move, only where it is wanted
 * (cursorWanted: a fine pointer, no mobile user agent, motion not reduced), with its values from
 * site.yaml (behaviour.cursor), and it shows at once where that move went.
 */
import type { Site } from "../content/types.ts";
import { cursorScales, trail } from "./cursor-motion.ts";
import * as css from "./Cursor.css.ts";

export type CursorSettings = Site["behaviour"]["cursor"];

function circle(className: string, testId: string, size: number, background: string): HTMLDivElement {
  const el = document.createElement("div");
  el.className = className;
  el.setAttribute("aria-hidden", "true");
  el.dataset.testid = testId;
  Object.assign(el.style, { width: `${size}px`, height: `${size}px`, background });
  return el;
}

export function startCursor(c: CursorSettings, at: { x: number; y: number }): void {
  const outer = circle(css.outer, "cursor-outer", c.outerSize, `rgba(${c.color}, ${c.outerAlpha})`);
  const inner = circle(css.inner, "cursor-inner", c.innerSize, `rgb(${c.color})`);
  document.body.append(outer, inner);

  let pointer = at;
  let ring = pointer;
  const state = { hover: false, pressed: false, visible: true };
  let frame = 0;
  // Frames run only while something changes: a resting cursor costs the page nothing.
  const wake = () => {
    if (!frame) frame = requestAnimationFrame(paint);
  };
  const paint = () => {
    frame = 0;
    ring = trail(ring, pointer, c.trailingSpeed);
    const s = cursorScales(state, c);
    inner.style.transform = `translate(${pointer.x - c.innerSize / 2}px, ${pointer.y - c.innerSize / 2}px) scale(${s.inner})`;
    outer.style.transform = `translate(${ring.x - c.outerSize / 2}px, ${ring.y - c.outerSize / 2}px) scale(${s.outer})`;
    inner.style.opacity = outer.style.opacity = state.visible ? "1" : "0";
    if (Math.abs(ring.x - pointer.x) + Math.abs(ring.y - pointer.y) > 0.1) wake();
  };
  addEventListener(
    "pointermove",
    (e) => {
      if (!state.visible) ring = { x: e.clientX, y: e.clientY };
      pointer = { x: e.clientX, y: e.clientY };
      state.visible = true;
      state.hover = e.target instanceof Element && e.target.closest(c.targets) !== null;
      wake();
    },
    { passive: true },
  );
  const press = (pressed: boolean) => () => {
    state.pressed = pressed;
    wake();
  };
  addEventListener("pointerdown", press(true));
  addEventListener("pointerup", press(false));
  document.documentElement.addEventListener("pointerleave", () => {
    state.visible = false;
    wake();
  });
  wake();
}
