import { useEffect, useState } from "react";
import { useIntroOver } from "../../ui/intro-over.ts";
import { visuallyHidden } from "../../styles/layout.css.ts";

interface Props {
  lines: string[];
  charDelayMs: number;
  holdMs: number;
  className?: string;
}

/**
 * Types each line a character at a time, holds it, erases it and moves on, forever.
 * The first line is rendered whole on the server (readable without JavaScript); screen
 * readers get the plain list instead of the flicker. Typing starts once the intro splash has gone.
 */
export function TypedTagline({ lines, charDelayMs, holdMs, className }: Props) {
  const [state, setState] = useState({ line: 0, chars: lines[0]!.length, erasing: true, started: false });
  const introOver = useIntroOver();

  useEffect(() => {
    if (!introOver || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const text = lines[state.line]!;
    let delay = charDelayMs;
    let next = state;
    if (!state.erasing && state.chars < text.length) next = { ...state, chars: state.chars + 1 };
    else if (!state.erasing) {
      next = { ...state, erasing: true };
      delay = holdMs;
    } else if (state.chars > 0) {
      next = { ...state, chars: state.chars - 1 };
      // The whole first line waits before it is first erased.
      if (!state.started) [delay, next] = [holdMs, { ...next, chars: state.chars, started: true }];
    } else next = { line: (state.line + 1) % lines.length, chars: 0, erasing: false, started: true };
    const timer = window.setTimeout(() => setState(next), delay);
    return () => window.clearTimeout(timer);
  }, [state, lines, charDelayMs, holdMs, introOver]);

  return (
    <p className={className}>
      <span aria-hidden="true">
        {lines[state.line]!.slice(0, state.chars)}
        <span style={{ borderRight: "2px solid currentColor", marginLeft: "2px" }} />
      </span>
      <span className={visuallyHidden}>{lines.join(". ")}</span>
    </p>
  );
}
