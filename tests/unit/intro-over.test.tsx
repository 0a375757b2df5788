// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import Hero from "../../src/blocks/hero/index.tsx";
import { TypedTagline } from "../../src/blocks/hero/TypedTagline.tsx";
import type { SectionOf } from "../../src/content/types.ts";
import { INTRO_OVER_ATTRIBUTE } from "../../src/ui/intro-over.ts";

/** What the inline intro script (src/boot/intro.ts) does when the splash goes; islands see it through a MutationObserver. */
const introGoes = () => act(async () => document.documentElement.setAttribute(INTRO_OVER_ATTRIBUTE, ""));

// The order of the tests matters: the signal lives on the document and only ever turns on.
describe("motion under the intro splash", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => vi.useRealTimers());

  const typed = (container: HTMLElement) => container.querySelector("[aria-hidden=true]")!.textContent;
  // Time advances one step per act().
  const step = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("the typed tagline holds its first line while the splash covers the page, then types", async () => {
    const { container } = render(<TypedTagline lines={["First line", "Second"]} charDelayMs={15} holdMs={100} />);
    for (let i = 0; i < 20; i++) step(100);
    expect(typed(container)).toBe("First line");
    expect(document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(false);

    await introGoes();
    expect(document.documentElement.hasAttribute(INTRO_OVER_ATTRIBUTE)).toBe(true);
    step(100); // the first line is held once more before it is erased
    step(30);
    expect(typed(container)).toBe("First li");
  });

  it("a tagline mounted after the splash has gone types at once", () => {
    const { container } = render(<TypedTagline lines={["Abcde", "Def"]} charDelayMs={15} holdMs={100} />);
    step(100);
    // Two characters every two frames: the spec's 15 ms a character, written every 30 ms.
    step(15);
    expect(typed(container)).toBe("Abcde");
    step(15);
    expect(typed(container)).toBe("Abc");
  });

  it("the slideshow loads its later slides' images only once the splash has gone", async () => {
    document.documentElement.removeAttribute(INTRO_OVER_ATTRIBUTE);
    // jsdom has no layout observers; the carousel only needs them to exist.
    class Inert {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal("ResizeObserver", Inert);
    vi.stubGlobal("IntersectionObserver", Inert);
    const section: SectionOf<"hero"> = {
      type: "hero",
      heading: "Heading",
      slides: [
        { src: "/assets/banners/one.jpg", alt: "Slide one" },
        { src: "/assets/banners/two.jpg", alt: "Slide two" },
        { src: "/assets/banners/three.jpg", alt: "Slide three" },
      ],
      taglines: ["Tagline"],
      cta: { label: "Request a Quote", href: "/contact" },
    };
    const { container } = render(
      <Router>
        <Hero section={section} />
      </Router>,
    );
    const images = () => [...container.querySelectorAll("[aria-roledescription=slide] img")].map((img) => img.getAttribute("alt"));
    expect(images()).toEqual(["Slide one"]);
    expect(container.querySelectorAll("[aria-roledescription=slide]")).toHaveLength(3);

    await introGoes();
    expect(images()).toEqual(["Slide one", "Slide two", "Slide three"]);
    vi.unstubAllGlobals();
  });
});
