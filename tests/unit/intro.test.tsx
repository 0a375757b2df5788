// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import site from "virtual:site";
import { Intro } from "../../src/shell/Intro.tsx";
import { initialIntroPhase, introReducer, taglineDelays } from "../../src/shell/intro-state.ts";
import { INTRO_OVER_ATTRIBUTE } from "../../src/ui/intro-over.ts";

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

describe("intro state machine", () => {
  it("plays unless motion is reduced or it was seen this session", () => {
    expect(initialIntroPhase({ reducedMotion: false, seenThisSession: false })).toBe("playing");
    expect(initialIntroPhase({ reducedMotion: true, seenThisSession: false })).toBe("done");
    expect(initialIntroPhase({ reducedMotion: false, seenThisSession: true })).toBe("done");
  });

  it("ends on its timeout, its finish signal, or a skip", () => {
    for (const type of ["timeout", "finish", "skip"] as const) expect(introReducer("playing", { type })).toBe("done");
  });
});

describe("tagline delays", () => {
  it("start at 800 ms and come 700 ms apart, the last before a shorter intro ends", () => {
    expect(taglineDelays(3, 3000)).toEqual([800, 1500, 2200]);
    const short = taglineDelays(3, 2000);
    expect(short[0]).toBe(800);
    expect(short[2]).toBeLessThan(2000);
  });
});

describe("<Intro>", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    document.documentElement.removeAttribute("data-intro-seen");
    document.documentElement.removeAttribute(INTRO_OVER_ATTRIBUTE);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the initials and name, then leaves after the intro duration", () => {
    mockReducedMotion(false);
    vi.spyOn(performance, "now").mockReturnValue(0); // mounted as the page starts
    render(<Intro />);
    const intro = screen.getByTestId("intro");
    expect(intro.textContent).toContain(site.company.initials);
    expect(intro.textContent).toContain(site.company.name);
    act(() => vi.advanceTimersByTime(site.behaviour.intro.durationMs - 1));
    expect(screen.queryByTestId("intro")).not.toBeNull();
    // Mounting (hydration) alone does not release the motion waiting under the splash.
    expect(document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("intro")).toBeNull();
    expect(sessionStorage.getItem("intro-seen")).toBe("1");
    // Motion waiting under the splash (typed tagline, slideshow, partner strip) may start now.
    expect(document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
  });

  it("counts its duration from the page's start, not from hydration", () => {
    mockReducedMotion(false);
    vi.spyOn(performance, "now").mockReturnValue(1200); // hydrated 1.2 s after navigation began
    render(<Intro />);
    act(() => vi.advanceTimersByTime(site.behaviour.intro.durationMs - 1200 - 1));
    expect(screen.queryByTestId("intro")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("intro")).toBeNull();
  });

  it("ends early on its finish signal (the visitor skips it)", () => {
    mockReducedMotion(false);
    render(<Intro />);
    fireEvent.click(screen.getByRole("button", { name: site.ui.skipIntro }));
    expect(screen.queryByTestId("intro")).toBeNull();
  });

  it("does not play under prefers-reduced-motion", () => {
    mockReducedMotion(true);
    render(<Intro />);
    expect(screen.queryByTestId("intro")).toBeNull();
  });
});
