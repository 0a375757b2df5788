// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

const frame = () => {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("src", "/assets/datasheets/a.pdf");
  document.body.append(iframe);
  return iframe;
};
// The MutationObserver's records are delivered in a microtask.
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe("src/boot/embeds.ts", () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.resetModules();
    Reflect.deleteProperty(document, "prerendering");
  });

  it("holds a frame's src while the page is prerendered and gives it back after the shown page's first frame", async () => {
    Object.defineProperty(document, "prerendering", { configurable: true, value: true });
    await import("../../src/boot/embeds.ts");
    const iframe = frame();
    await settle();
    expect(iframe.hasAttribute("src")).toBe(false);
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(iframe.hasAttribute("src")).toBe(false);
    await vi.waitFor(() => expect(iframe.getAttribute("src")).toBe("/assets/datasheets/a.pdf"));
    // Frames added after the page is shown are left alone.
    const later = frame();
    await settle();
    expect(later.getAttribute("src")).toBe("/assets/datasheets/a.pdf");
  });

  it("leaves a page that is not prerendered untouched", async () => {
    await import("../../src/boot/embeds.ts");
    const iframe = frame();
    await settle();
    expect(iframe.getAttribute("src")).toBe("/assets/datasheets/a.pdf");
  });
});
