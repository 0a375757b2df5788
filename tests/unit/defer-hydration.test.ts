import { describe, expect, it } from "vitest";
import { deferHydration } from "../../scripts/build/defer-hydration.ts";

const page = (head: string) => `<!doctype html><html><head>\n    <title>t</title>${head}\n  </head><body><div id="root"></div></body></html>`;

describe("deferHydration", () => {
  it("turns the module scripts and their preloads into a list of each", () => {
    const html = deferHydration(
      page(`
    <link rel="modulepreload" href="/assets/about-1.js" />
    <script type="module" crossorigin src="/assets/index-2.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-3.js">
    <link rel="stylesheet" crossorigin href="/assets/style-4.css">`),
    );
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-4.css">');
    const boot = JSON.parse(html.match(/<script type="application\/json" id="boot-modules">([^<]*)<\/script>/)![1]!) as unknown;
    expect(boot).toEqual({ preload: ["/assets/about-1.js", "/assets/react-3.js"], run: ["/assets/index-2.js"] });
  });

  it("names a chunk once even when it is preloaded twice or also run", () => {
    const html = deferHydration(
      page(
        `<link rel="modulepreload" href="/a.js" /><link rel="modulepreload" href="/a.js" /><link rel="modulepreload" href="/r.js" /><script type="module" src="/r.js"></script><script type="module" src="/e.js"></script>`,
      ),
    );
    expect(html).toContain('id="boot-modules">{"preload":["/a.js"],"run":["/r.js","/e.js"]}</script>');
  });

  it("refuses a page without a module script", () => {
    expect(() => deferHydration(page(""))).toThrow(/found none/);
  });
});
