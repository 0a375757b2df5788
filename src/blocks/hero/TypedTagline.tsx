import { useEffect, useRef } from "react";
import { useIntroOver } from "../../ui/intro-over.ts";
import { visuallyHidden } from "../../styles/layout.css.ts";

/** Two frames at 60 Hz, less a little: how often, at most, the typed text is written. */
const FRAME_PAIR_MS = 32;

interface Props {
  lines: string[];
  /** Holds the typing where it is (the slideshow's Pause); it goes on from there when false. */
  paused?: boolean;
  charDelayMs: number;
  holdMs: number;
  className?: string;
}

/**
 * Types each line a character at a time, holds it, erases it and moves on, forever.
 * The first line is rendered whole on the server (readable without JavaScript); screen
 * readers get the plain list instead of the flicker. Typing starts once the intro splash has gone.
 * A character comes every few milliseconds: each step writes the text node itself, React renders
 * the tagline once. Where it got to is kept across a pause.
 */
export function TypedTagline({ lines, charDelayMs, holdMs, paused = false, className }: Props) {
  const typed = useRef<HTMLSpanElement>(null);
  const where = useRef({ line: 0, chars: lines[0]!.length, erasing: true, started: false });
  const introOver = useIntroOver();

  useEffect(() => {
    const text = typed.current?.firstChild;
    if (!(text instanceof Text) || paused || !introOver || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let state = where.current;
    let timer = 0;
    // A screen shows a frame every 16.7 ms: a character every 15 ms is drawn as two every 30 ms,
    // at the same speed, with half the wake-ups a phone spends script time on.
    const perStep = Math.max(1, Math.floor(FRAME_PAIR_MS / charDelayMs));
    const step = () => {
      const length = lines[state.line]!.length;
      let delay = charDelayMs;
      let next = state;
      if (!state.erasing && state.chars < length) {
        next = { ...state, chars: Math.min(length, state.chars + perStep) };
        delay = charDelayMs * (next.chars - state.chars);
      } else if (!state.erasing) {
        next = { ...state, erasing: true };
        delay = holdMs;
      } else if (state.chars > 0) {
        next = { ...state, chars: Math.max(0, state.chars - perStep) };
        delay = charDelayMs * (state.chars - next.chars);
        // The whole first line waits before it is first erased.
        if (!state.started) [delay, next] = [holdMs, { ...next, chars: state.chars, started: true }];
      } else next = { line: (state.line + 1) % lines.length, chars: 0, erasing: false, started: true };
      timer = window.setTimeout(() => {
        state = where.current = next;
        text.data = lines[state.line]!.slice(0, state.chars);
        step();
      }, delay);
    };
    step();
    return () => window.clearTimeout(timer);
  }, [lines, charDelayMs, holdMs, introOver, paused]);

  return (
    <p className={className}>
      <span aria-hidden="true">
        <span ref={typed}>{lines[0]}</span>
        <span style={{ borderRight: "2px solid currentColor", marginLeft: "2px" }} />
      </span>
      <span className={visuallyHidden}>{lines.join(". ")}</span>
    </p>
  );
}
