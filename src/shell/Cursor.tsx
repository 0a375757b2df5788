import { useEffect, useRef } from "react";
import site from "virtual:site";
import { cursorScales, trail } from "./cursor-motion.ts";
import * as css from "./Cursor.css.ts";

/**
 * The trailing cursor: a dot on the pointer and a ring that follows it, both growing over
 * clickable targets and more while pressed, hidden when the pointer leaves the window.
 * LazyCursor mounts it only where wanted (not on phones, coarse pointers or reduced motion).
 * The system cursor stays.
 */
export function Cursor() {
  const innerRef = useRef<HTMLDivElement>(null);
  const outerRef = useRef<HTMLDivElement>(null);
  const c = site.behaviour.cursor;

  useEffect(() => {
    const inner = innerRef.current;
    const outer = outerRef.current;
    if (!inner || !outer) return;

    let pointer = { x: -100, y: -100 };
    let ring = pointer;
    const state = { hover: false, pressed: false, visible: false };
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
    const onMove = (e: PointerEvent) => {
      if (!state.visible) ring = { x: e.clientX, y: e.clientY };
      pointer = { x: e.clientX, y: e.clientY };
      state.visible = true;
      state.hover = e.target instanceof Element && e.target.closest(c.targets) !== null;
      wake();
    };
    const onDown = () => {
      state.pressed = true;
      wake();
    };
    const onUp = () => {
      state.pressed = false;
      wake();
    };
    const onLeave = () => {
      state.visible = false;
      wake();
    };

    window.addEventListener("pointermove", onMove, { passive: true });
    window.addEventListener("pointerdown", onDown);
    window.addEventListener("pointerup", onUp);
    document.documentElement.addEventListener("pointerleave", onLeave);
    wake();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerdown", onDown);
      window.removeEventListener("pointerup", onUp);
      document.documentElement.removeEventListener("pointerleave", onLeave);
    };
  }, [c]);

  const color = c.color;
  return (
    <>
      <div
        ref={outerRef}
        className={css.outer}
        aria-hidden="true"
        data-testid="cursor-outer"
        style={{ width: c.outerSize, height: c.outerSize, background: `rgba(${color}, ${c.outerAlpha})` }}
      />
      <div
        ref={innerRef}
        className={css.inner}
        aria-hidden="true"
        data-testid="cursor-inner"
        style={{ width: c.innerSize, height: c.innerSize, background: `rgb(${color})` }}
      />
    </>
  );
}
