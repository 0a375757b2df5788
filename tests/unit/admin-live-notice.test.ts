// @vitest-environment node
/** What the editor says after a publish (src/admin/live-notice.ts): when the change is live, and where. */
import { describe, expect, it, vi } from "vitest";
import { liveNotice } from "../../src/admin/live-notice.ts";
import type { Entry } from "../../src/admin/entry.ts";

vi.mock("../../src/admin/site-index.ts", () => ({ siteIndex: () => ({ site: { company: { siteUrl: "https://www.example.com" } } }) }));

const entry = (collection: string, path?: string) =>
  ({ get: (key: string) => (key === "collection" ? collection : undefined), getIn: () => path }) as unknown as Entry;

describe("the notice after a publish", () => {
  it("on GitHub: live by itself in the deploy's minutes, at the page's public address", () => {
    const { text, href } = liveNotice(entry("pages", "/products/plc"), "public", 7, "http://localhost:5173");
    expect(href).toBe("https://www.example.com/products/plc");
    expect(text).toMatch(
      /^Published\. The site rebuilds itself with this change: it is live in about 7 minutes at https:\/\/www\.example\.com\/products\/plc\./,
    );
  });

  it("site settings show on every page: the home page; on this machine, the local address", () => {
    expect(liveNotice(entry("site"), "public", 10, "").href).toBe("https://www.example.com/");
    const local = liveNotice(entry("pages", "/about"), "local", 10, "http://localhost:5173");
    expect(local.href).toBe("http://localhost:5173/about");
    // The local site shows the change at once; the notice names who puts it online and the step.
    expect(local.text).toMatch(/^Saved on this computer, and the site here shows it now: http:\/\/localhost:5173\/about\. /);
    expect(local.text).toContain("the person who looks after the site's code puts it online by sending it to the company's repository");
    expect(local.text).toMatch(/live about 10 minutes after that\.$/);
  });
});
