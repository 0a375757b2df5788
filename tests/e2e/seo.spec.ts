import { COMPANY, SPEC_ROUTES, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { h1Of, sectionOf, siteNav } from "./content.ts";

const SITE = "https://www.lariox.example.com";

test.describe("findable and fast", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1200, "server answers are the same for every viewport");

  test("sitemap.xml lists every route and robots.txt points at it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(SITE, ""));
    for (const route of SPEC_ROUTES) expect(locs).toContain(route);
    expect(locs).not.toContain("/404");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  test("every page has its title, description, canonical, Open Graph, Twitter and structured data", async ({ request }) => {
    for (const route of SPEC_ROUTES) {
      const html = await (await request.get(route)).text();
      expect(html, route).toMatch(/<html lang="en">/);
      expect(html, route).toMatch(new RegExp(`<title>[^<]+ \\| ${COMPANY}</title>`));
      expect(html, route).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html, route).toContain(`<link rel="canonical" href="${SITE}${route}"`);
      for (const tag of ["og:title", "og:description", "og:url", "og:image"]) expect(html, `${route} ${tag}`).toContain(`property="${tag}"`);
      expect(html, route).toContain(`name="twitter:card" content="summary_large_image"`);
      const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)![1]!) as Record<string, unknown>;
      expect(ld["@type"]).toEqual(["Organization", "LocalBusiness"]);
      expect((ld.address as Record<string, string>).addressLocality).toBe("Surat");
      expect(ld.openingHours).toBe("Mo-Sa 09:00-18:00");
    }
  });

  test("the spec's case variants answer 301 to the registered page", async ({ request }) => {
    const redirects: [string, string][] = [
      ["/products/Hmi", "/products/hmi"],
      ["/products/Data-Analytics", "/products/data-analytics"],
    ];
    for (const [from, to] of redirects) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location).toBe(to);
    }
  });

  test("a path that is no page answers 404 with a helpful page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("main h1")).toHaveText(h1Of("/404"));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    for (const { label } of sectionOf("/404", "linkList").links) await expect(page.locator("main").getByRole("link", { name: label }).first()).toBeVisible();
  });

  test("hashed files are cached for a year, pages are revalidated, both go out compressed", async ({ request }) => {
    const html = await request.get("/about", { headers: { "accept-encoding": "br" } });
    expect(html.headers()["cache-control"]).toBe("no-cache");
    expect(html.headers()["content-encoding"]).toBe("br");
    expect(html.headers().etag).toBeTruthy();
    const home = await (await request.get("/")).text();
    const script = home.match(/<script data-islands="([^"]+)"/)![1]!;
    const js = await request.get(script, { headers: { "accept-encoding": "gzip" } });
    expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers()["content-encoding"]).toBe("gzip");
  });
});

test.describe("the first view comes first", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1200, "the same HTML at every width");

  test("each page's lead image is preloaded with high priority, in the variants its <img> uses", async ({ request }) => {
    for (const route of ["/", "/about", "/products/plc", "/aveva/aveva-intouch", "/contact"]) {
      const html = await (await request.get(route)).text();
      const preload = html.match(/<link rel="preload" as="image" type="(image\/(?:avif|webp))" imagesrcset="([^"]+)"[^>]*fetchpriority="high"/);
      expect(preload, route).not.toBeNull();
      // The first <source> on the page is the banner's: the format and files the browser will pick.
      const source = html.match(/<source type="([^"]+)" srcSet="([^"]+)"/);
      expect([source?.[1], source?.[2]], route).toEqual([preload![1], preload![2]]);
    }
  });

  test("a page without an interactive block fetches no JavaScript at all: no module script, no preload", async ({ page }) => {
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    await expect(page.locator('script[type="module"], script[data-islands], link[rel="modulepreload"]')).toHaveCount(0);
    // The desktop's trailing cursor is a module of its own, fetched after load where a fine pointer exists.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".js") && !/\/cursor-/.test(r.name))
        .map((r) => r.name),
    );
    expect(scripts).toEqual([]);
  });

  test("a page with an island fetches no script file until it has loaded; then the small island runtime, and React and the block's code after it", async ({
    page,
  }) => {
    await page.goto("/"); // waits for the hero island to hydrate (fixtures.ts)
    await expect(page.locator("[data-island=hero]")).toHaveAttribute("data-hydrated", "");
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".js") && !/\/cursor-/.test(r.name));
      return { early: scripts.filter((r) => r.startTime < nav.loadEventStart).map((r) => r.name), first: new URL(scripts[0]!.name).pathname };
    });
    expect(timing.early).toEqual([]);
    // The loader in the head names the runtime; the page as served names no module script to fetch with the head.
    expect(await (await page.request.get("/")).text()).not.toMatch(/<script type="module"|modulepreload/);
    expect(timing.first).toBe(await page.locator("script[data-islands]").getAttribute("data-islands"));
  });

  test("every page carries Speculation Rules for the site's own pages, never the API, the editor or files", async ({ request }) => {
    for (const route of ["/", "/about", "/contact"]) {
      const html = await (await request.get(route)).text();
      const rules = JSON.parse(html.match(/<script type="speculationrules">([^<]+)<\/script>/)![1]!) as Record<string, { where: unknown; eagerness: string }[]>;
      // On a short hover; and the links a phone's head start marks as they come into view (src/boot/ahead.ts).
      expect(
        rules.prerender!.map((r) => r.eagerness),
        route,
      ).toEqual(["eager", "immediate"]);
      expect(JSON.stringify(rules.prerender![1]!.where), route).toContain("[data-ahead]");
      for (const rule of rules.prerender!) {
        const where = JSON.stringify(rule.where);
        for (const excluded of ["/api/*", "/admin", "/assets/*", "/*.*"]) expect(where, route).toContain(excluded);
      }
    }
  });
});

test.describe("a phone's head start", () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), "a desktop prerenders on hover instead");

  test("a phone marks the links in view for prerendering, at most three pages, and only after the lead image is painted", async ({ page }) => {
    // When the links are first watched, on the page's own clock: finding them is the work that must wait.
    await page.addInitScript(() => {
      const observe = IntersectionObserver.prototype.observe;
      IntersectionObserver.prototype.observe = function (target) {
        const w = window as Window & { watchedAt?: number };
        if (target instanceof HTMLAnchorElement) w.watchedAt ??= performance.now();
        return observe.call(this, target);
      };
    });
    // A slow phone's CPU, on which the load event comes before the lead image is painted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/about");
    const watchedAt = await page.waitForFunction(() => (window as Window & { watchedAt?: number }).watchedAt).then((t) => t.jsonValue());
    const paintedAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: "largest-contentful-paint", buffered: true }),
        ),
    );
    expect(watchedAt).toBeGreaterThan(paintedAt);
    // The banner fills a phone's first screen: the links of the page's body come into view below it.
    await page.locator("main a:not([download])").first().scrollIntoViewIfNeeded();
    await expect(page.locator("a[data-ahead]").first()).toBeAttached();
    const marked = await page.locator("a[data-ahead]").evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))]);
    expect(marked.length).toBeLessThanOrEqual(3);
    expect(marked).not.toContain("/about");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every page reads completely and its links work", async ({ page, viewport }) => {
    test.setTimeout(60_000);
    // The splash leaves on its own (a CSS animation), so nothing covers the page for long.
    await page.goto("/");
    await expect(page.getByTestId("intro")).toBeHidden({ timeout: 7000 });
    for (const route of ["/", "/about", "/products/communication", "/aveva/aveva-historian", "/downloads"]) {
      await page.goto(route);
      await expect(page.locator("main h1"), route).toBeVisible();
      const text = await page.locator("main").innerText();
      expect(text.length, route).toBeGreaterThan(300);
      await expect(page.locator("footer")).toContainText(COMPANY);
    }
    // The menu works without script too: a tap on the hamburger opens it on small screens.
    await page.goto("/");
    if (isMobile(viewport?.width)) await menuToggle(page, "Open menu").click();
    await page
      .locator("header")
      .getByRole("link", { name: siteNav.label("/about"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("main h1")).toHaveText(h1Of("/about"));
  });
});

test("every image has its width and height, and only the first view loads eagerly", async ({ page }) => {
  for (const route of ["/", "/about", "/products/plc", "/downloads"]) {
    await page.goto(route);
    // Logos and icons are drawn inline: no SVG document of its own to load and paint.
    await expect(page.locator('img[src$=".svg"]'), route).toHaveCount(0);
    expect(await page.locator("svg[data-src]").count(), route).toBeGreaterThan(1);
    const images = await page.locator("img, svg[data-src]").evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute("src") ?? img.getAttribute("data-src"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
      })),
    );
    expect(images.length, route).toBeGreaterThan(1);
    for (const img of images) {
      expect(Number(img.width), `${route} ${img.src}`).toBeGreaterThan(0);
      expect(Number(img.height), `${route} ${img.src}`).toBeGreaterThan(0);
    }
    // Only the first view's lead image loads at once; every other photo waits until it is near.
    expect(images.filter((i) => !i.src?.endsWith(".svg") && i.loading !== "lazy").length, route).toBe(1);
    await expect(page.locator("iframe")).toHaveCount(await page.locator('iframe[loading="lazy"]').count());
  }
});
