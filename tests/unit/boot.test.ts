// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Manifest } from "vite";
import { bootTags, compileLoader, pageFiles } from "../../scripts/build/boot.ts";

/** A client build's manifest: the entry, a page importing a shared chunk, an eager and a deferred block. */
const manifest: Manifest = {
  "src/entry-client.tsx": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-2.js" },
  "content/pages/contact.yaml": { file: "assets/contact-3.js", isDynamicEntry: true, imports: ["src/entry-client.tsx", "_shared.js"] },
  "_shared.js": { file: "assets/shared-4.js", imports: ["src/entry-client.tsx"] },
  "src/blocks/form/index.tsx": { file: "assets/form-5.js", isDynamicEntry: true, imports: ["_shared.js"], css: ["assets/form-6.css"] },
  "src/blocks/hero/index.tsx": { file: "assets/hero-7.js", isDynamicEntry: true, imports: ["_carousel.js"], css: ["assets/hero-8.css"] },
  "_carousel.js": { file: "assets/carousel-9.js", css: ["assets/carousel-10.css"] },
  "style.css": { file: "assets/style-11.css", src: "style.css" },
};

describe("pageFiles", () => {
  it("runs the entry, preloads the page's chunks and everything they import once, and takes only CSS from deferred blocks", () => {
    expect(pageFiles(manifest, ["content/pages/contact.yaml", "src/blocks/form/index.tsx"], ["src/blocks/hero/index.tsx"])).toEqual({
      stylesheets: ["/assets/style-11.css", "/assets/form-6.css", "/assets/hero-8.css", "/assets/carousel-10.css"],
      modules: {
        preload: ["/assets/react-2.js", "/assets/contact-3.js", "/assets/shared-4.js", "/assets/form-5.js"],
        run: ["/assets/index-1.js"],
      },
    });
  });

  it("refuses a chunk the manifest does not have, and a build without exactly one entry", () => {
    expect(() => pageFiles(manifest, ["src/blocks/gone/index.tsx"], [])).toThrow(/not in the build manifest/);
    expect(() => pageFiles({ ...manifest, "src/admin.tsx": { file: "assets/admin.js", isEntry: true } }, [], [])).toThrow(/one entry.*found 2/);
  });
});

describe("bootTags", () => {
  it("puts the loader before the stylesheet and lists the modules as data no file name can break out of", () => {
    const tags = bootTags("go()", { stylesheets: ["/assets/s.css"], modules: { preload: ["/a</script>.js"], run: ["/e.js"] } });
    expect(tags.split("\n").map((t) => t.trim())).toEqual([
      "<script>go()</script>",
      '<link rel="stylesheet" href="/assets/s.css" />',
      '<script type="application/json" id="boot-modules">{"preload":["/a\\u003c/script>.js"],"run":["/e.js"]}</script>',
    ]);
  });
});

describe("the compiled loader", () => {
  let loader: string;
  beforeAll(async () => {
    loader = await compileLoader();
  });
  afterEach(() => vi.unstubAllGlobals());

  /**
   * The page's head with the loader's list, a paint the test fires, frames that run at once; then
   * the loader runs. Each test ends with its loader started, so its listeners do nothing in the next.
   */
  function page() {
    const files = { stylesheets: [], modules: { preload: ["/assets/page.js", "/assets/block.js"], run: ["/assets/index.js"] } };
    document.head.innerHTML = bootTags("", files);
    let paint: (() => void) | undefined;
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        constructor(private callback: (list: { getEntriesByName(name: string): unknown[] }, observer: unknown) => void) {}
        observe() {
          paint = () => this.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, this);
        }
        disconnect() {}
      },
    );
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => (callback(0), 0));
    new Function(loader)();
    const added = () =>
      [...document.head.querySelectorAll("link[rel=modulepreload], script[type=module]")].map(
        (e) => `${e.tagName} ${e.getAttribute("href") ?? e.getAttribute("src")}`,
      );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { added, tick, paint: () => paint!() };
  }

  it("is one script, its names inside a function of its own", () => {
    expect(loader).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
    expect(loader).not.toContain("</script");
  });

  it("starts the app once the page has loaded and painted: the preloads first, then the entry", async () => {
    const { added, tick, paint } = page();
    dispatchEvent(new Event("load"));
    await tick();
    expect(added()).toEqual([]);
    paint();
    await tick();
    expect(added()).toEqual(["LINK /assets/page.js", "LINK /assets/block.js", "SCRIPT /assets/index.js"]);
    dispatchEvent(new Event("keydown"));
    expect(added()).toHaveLength(3);
  });

  it("starts it at once on the first tap or key press, and only once", () => {
    const { added } = page();
    dispatchEvent(new Event("pointerdown"));
    expect(added()).toEqual(["LINK /assets/page.js", "LINK /assets/block.js", "SCRIPT /assets/index.js"]);
    dispatchEvent(new Event("keydown"));
    dispatchEvent(new Event("load"));
    expect(added()).toHaveLength(3);
  });
});
