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

  it("site settings show on every page: the home page", () => {
    expect(liveNotice(entry("site"), "public", 10, "").href).toBe("https://www.example.com/");
  });

  it("on this machine, sent to the repository: the deploy has started, and the time the site shows it", () => {
    const sent = liveNotice(entry("pages", "/about"), "local", 10, "http://localhost:5173", "pushed", new Date(2026, 11, 7, 14, 55));
    expect(sent.href).toBe("https://www.example.com/about");
    expect(sent.text).toMatch(/^Published and sent to the company's repository: the deploy has started\. /);
    expect(sent.text).toContain("in about 10 minutes, by 15:05, at https://www.example.com/about.");
  });

  it("on this machine, not sent: saved here, shown by the local site, and a plain sentence of what to ask for", () => {
    const cases = [
      ["no-remote", "not connected to the company's repository. Ask the person who looks after the site's code to connect it"],
      [
        "behind",
        "has changes this computer does not have yet, so it refused this one. Ask the person who looks after the site's code to bring this copy up to date",
      ],
      ["refused", "did not accept it from this computer. Ask the person who looks after the site's code to give this computer the right to send changes"],
      ["not-main", "Ask the person who looks after the site's code to switch it back to “main”"],
      ["unreachable", "Check that “npm run edit” is still running"],
    ] as const;
    for (const [state, words] of cases) {
      const { text, href } = liveNotice(entry("pages", "/about"), "local", 10, "http://localhost:5173", state);
      expect(href).toBe("http://localhost:5173/about");
      expect(text).toMatch(/^Saved on this computer, and the site here shows it now: http:\/\/localhost:5173\/about\. It is not live yet: /);
      expect(text).toContain(words);
      // Words, not git's: no "remote rejected", "non-fast-forward", "origin".
      expect(text).not.toMatch(/non-fast-forward|rejected|origin|git /);
    }
  });
});
