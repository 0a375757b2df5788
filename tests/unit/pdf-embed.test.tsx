// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import PdfEmbed from "../../src/blocks/pdfEmbed/index.tsx";
import type { SectionOf } from "../../src/content/types.ts";

const section: SectionOf<"pdfEmbed"> = { type: "pdfEmbed", title: "InTouch Datasheet", file: "/assets/docs/intouch.pdf", height: 1000 };

/** An IntersectionObserver the test drives: `report(true)` says the element came near the viewport. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  const report = (isIntersecting: boolean) =>
    act(() => observers.forEach((o) => o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)));
  return { observers, report };
}

afterEach(() => vi.unstubAllGlobals());

describe("<PdfEmbed>", () => {
  it("prerenders the viewer inside <noscript> only, in a box of its height", () => {
    const html = renderToString(<PdfEmbed section={section} />);
    expect(html).toMatch(/<noscript><iframe[^>]*src="\/assets\/docs\/intouch.pdf"/);
    expect(html).toContain("min-height:1000px");
    expect(html.replace(/<noscript>.*<\/noscript>/s, "")).not.toContain("<iframe");
  });

  it("starts the viewer only once its place comes near the viewport", () => {
    const { observers, report } = fakeObserver();
    const { container } = render(<PdfEmbed section={section} />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe("0px");
    report(false);
    expect(container.querySelector("iframe")).toBeNull();
    report(true);
    const frame = container.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("/assets/docs/intouch.pdf");
    expect(frame.getAttribute("title")).toBe("InTouch Datasheet");
    expect(frame.getAttribute("height")).toBe("1000");
  });
});
