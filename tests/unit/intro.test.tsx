// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import site from "virtual:site";
import { Intro } from "../../src/shell/Intro.tsx";
import { taglineDelays } from "../../src/shell/intro-state.ts";
import { INTRO_OVER_ATTRIBUTE } from "../../src/ui/intro-over.ts";

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

describe("tagline delays", () => {
  it("start at 800 ms and come 700 ms apart, the last before a shorter intro ends", () => {
    expect(taglineDelays(3, 3000)).toEqual([800, 1500, 2200]);
    const short = taglineDelays(3, 2000);
    expect(short[0]).toBe(800);
    expect(short[2]).toBeLessThan(2000);
  });
});

describe("<Intro>", () => {
  it("is in the page's HTML: initials, name, taglines, and a Skip that closes it without script", () => {
    render(<Intro />);
    const intro = screen.getByTestId("intro");
    expect(intro.tagName).toBe("DIALOG");
    expect(intro.hasAttribute("data-intro")).toBe(true);
    expect(intro.textContent).toContain(site.company.initials);
    expect(intro.textContent).toContain(site.company.name);
    const skip = screen.getByRole("button", { name: site.ui.skipIntro });
    expect(skip.closest("form")!.getAttribute("method")).toBe("dialog");
  });
});

/**
 * src/boot/intro.ts, the inline head script that decides the splash before the first paint and
 * closes it when it is over. Run as the page runs it: once per page load, on a fresh module.
 */
describe("the intro's inline script", () => {
  const root = document.documentElement;
  /** The script's one timer, captured (fake timers would also stop the module loader it is imported with). */
  let timer: { run: () => void; ms: number } | undefined;
  /** How this page was reached: `referrer` (document.referrer) and the navigation's type. */
  async function loadPage({ now = 0, referrer = "", type = "navigate" } = {}) {
    vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
    timer = undefined;
    vi.stubGlobal("setTimeout", (run: () => void, ms: number) => void (timer = { run, ms }));
    document.body.innerHTML = "";
    render(<Intro />);
    for (const name of [...root.attributes].map((a) => a.name)) if (name.startsWith("data-")) root.removeAttribute(name);
    vi.spyOn(performance, "now").mockReturnValue(now);
    vi.resetModules();
    await import("../../src/boot/intro.ts");
    vi.unstubAllGlobals();
    vi.stubGlobal("INTRO_DURATION_MS", site.behaviour.intro.durationMs);
  }
  const dialog = () => screen.getByTestId("intro") as HTMLDialogElement;

  // jsdom's <dialog> has no close(); the browser's removes `open` and fires "close", once.
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };

  beforeEach(() => {
    vi.stubGlobal("INTRO_DURATION_MS", site.behaviour.intro.durationMs);
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("plays on the first page of a visit and ends after its duration, counted from the page's start", async () => {
    await loadPage({ now: 1200 });
    expect(root.hasAttribute("data-js")).toBe(true);
    expect(root.hasAttribute("data-intro-seen")).toBe(false);
    expect(timer!.ms).toBe(site.behaviour.intro.durationMs - 1200);
    expect(dialog().open).toBe(true);
    expect(root.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(false);
    timer!.run();
    expect(dialog().open).toBe(false);
    // Motion waiting under the splash (typed tagline, slideshow, partner strip) may start now.
    expect(root.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
  });

  it("ends early when the visitor skips it (the dialog's form closes it)", async () => {
    await loadPage();
    dialog().close();
    expect(root.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
  });

  it("does not play on a later page of the visit: one reached from the site, reloaded, or gone back to", async () => {
    for (const page of [{ referrer: `${location.origin}/about` }, { type: "reload" }, { type: "back_forward" }]) {
      await loadPage(page);
      expect(root.hasAttribute("data-intro-seen")).toBe(true);
      expect(root.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
    }
  });

  it("plays on a page reached from another site", async () => {
    await loadPage({ referrer: "https://www.google.com/" });
    expect(root.hasAttribute("data-intro-seen")).toBe(false);
    expect(dialog().open).toBe(true);
  });

  it("does not play under prefers-reduced-motion", async () => {
    mockReducedMotion(true);
    await loadPage();
    expect(root.hasAttribute("data-intro-seen")).toBe(true);
    expect(root.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
  });
});
