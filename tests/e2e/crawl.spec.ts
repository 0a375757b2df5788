import { expect, isMobile, test } from "./fixtures.ts";
import { site } from "./content.ts";

/**
 * Crawls the built site from / over every internal link, loading each page once, and requests
 * every image, iframe and document it finds: each must answer 200 with a fitting content type.
 */

const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** The content type a file should be served with, by its extension; undefined for a page. */
function expectedType(pathname: string): RegExp | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  if (["jpg", "jpeg", "png", "webp", "avif", "gif", "svg", "ico"].includes(ext)) return /^image\//;
  if (ext === "pdf") return /^application\/pdf/;
  if (ext === "pptx") return new RegExp(`^${PPTX.replace(/\./g, "\\.")}`);
  return /./;
}

interface Found {
  links: string[];
  assets: string[];
}

test("every page, image, iframe and document reachable from / answers 200 with a sensible type", async ({ page, request, baseURL, viewport }) => {
  test.skip(isMobile(viewport?.width), "one crawl is enough: desktop only");
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;

  const pages = new Map<string, string>(); // pathname -> the page it was first linked from
  const assets = new Map<string, string>(); // pathname -> the page it was found on
  const queue: string[] = ["/"];
  pages.set("/", "(start)");
  const problems: string[] = [];

  /** An internal address as a pathname (query kept, hash dropped), or null if it is not ours. */
  const internal = (raw: string, base: string): string | null => {
    if (!raw || /^(mailto:|tel:|javascript:|data:|#)/i.test(raw)) return null;
    const url = new URL(raw, base);
    if (url.origin !== origin) return null;
    return url.pathname + url.search;
  };

  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await page.goto(path, { waitUntil: "domcontentloaded" });
    const status = response?.status();
    const type = response?.headers()["content-type"] ?? "";
    if (status !== 200 || !type.startsWith("text/html")) {
      problems.push(`page ${path} (linked from ${pages.get(path)}): ${status} ${type}`);
      continue;
    }
    const found: Found = await page.evaluate(() => {
      const srcset = (value: string | null) =>
        (value ?? "")
          .split(",")
          .map((part) => part.trim().split(/\s+/)[0] ?? "")
          .filter(Boolean);
      const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => a.getAttribute("href")!);
      const assets = [
        ...[...document.querySelectorAll("img")].flatMap((img) => [img.getAttribute("src") ?? "", ...srcset(img.getAttribute("srcset"))]),
        ...[...document.querySelectorAll("source")].flatMap((s) => [...srcset(s.getAttribute("srcset")), s.getAttribute("src") ?? ""]),
        ...[...document.querySelectorAll("iframe")].map((f) => f.getAttribute("src") ?? ""),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="preload"][as="image"]')].map((l) => l.getAttribute("href") ?? ""),
      ];
      return { links, assets: assets.filter(Boolean) };
    });
    const here = page.url();
    for (const raw of found.links) {
      const target = internal(raw, here);
      if (!target) continue;
      // Links to files (datasheets, brochures, the presentation) are documents, not pages.
      if (expectedType(new URL(target, origin).pathname)) {
        if (!assets.has(target)) assets.set(target, path);
      } else if (!pages.has(target.split("?")[0]!)) {
        pages.set(target.split("?")[0]!, path);
        queue.push(target.split("?")[0]!);
      }
    }
    for (const raw of found.assets) {
      const target = internal(raw, here);
      if (target && !assets.has(target)) assets.set(target, path);
    }
  }

  for (const [asset, foundOn] of assets) {
    const response = await request.get(asset, { maxRedirects: 0 });
    const type = response.headers()["content-type"] ?? "";
    const wanted = expectedType(new URL(asset, origin).pathname) ?? /^text\/html/;
    if (response.status() !== 200 || !wanted.test(type)) problems.push(`asset ${asset} (on ${foundOn}): ${response.status()} ${type}`);
  }

  const kinds = [...assets.keys()].reduce<Record<string, number>>((acc, a) => {
    const ext = /\.([a-z0-9]+)$/i.exec(new URL(a, origin).pathname)?.[1] ?? "other";
    acc[ext] = (acc[ext] ?? 0) + 1;
    return acc;
  }, {});
  console.log(
    `crawl: checked ${pages.size} pages and ${assets.size} assets (${Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")})`,
  );
  test.info().annotations.push({ type: "crawl", description: `${pages.size} pages, ${assets.size} assets` });

  expect(problems, problems.join("\n")).toEqual([]);
  // Every page the menus name was reached by links alone (the spec's own route list is checked by
  // `npm run check:spec`: its count is today's content, not a rule an editor's change may break).
  const named = menuLinks().filter((href) => !expectedType(href));
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((href) => !pages.has(href))).toEqual([]);
});

/** Every address the site's navigation links to: the main links, each menu, its groups and their links. */
function menuLinks(): string[] {
  const { main, menus } = site.navigation;
  return [
    ...main.map((link) => link.href),
    ...menus.flatMap((menu) => [menu.overview.href, ...menu.items.flatMap((item) => [item.href, ...(item.children ?? []).map((child) => child.href)])]),
  ].filter((href) => href.startsWith("/"));
}
