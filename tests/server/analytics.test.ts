// @vitest-environment node
/**
 * The page-view count on both databases, through the real route (POST /api/v): a view counted
 * once, visitors estimated by the day's salted hash (not for Sec-GPC or DNT), nothing for a bot or
 * a page that is not built, no cookie ever; bounded under a flood of made-up views; a source's
 * enquiries and conversion from the leads stored; p75 vitals; the days purged after RETENTION_DAYS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import { periodBefore, periodReport, dayIn, addDays } from "../../src/server/analytics/report.ts";
import { reportText } from "../../src/server/analytics/render.ts";
import { VIEWS_PER_MINUTE } from "../../src/server/analytics/routes.ts";
import { weeklyAnalytics } from "../../src/server/analytics/weekly.ts";
import { composeWeeklySummary } from "../../src/server/outbox/weekly-summary.ts";
import { forEachBackend } from "./backends.ts";
import { startApp, tempDir, validContact, type TestApp } from "./helpers.ts";

const ROUTES = ["/", "/contact", "/products/plc"];
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ZONE = "Asia/Kolkata";

/** A built site's server file naming only ROUTES. */
function fixtureDist(): string {
  const dir = tempDir("lariox-analytics-dist-");
  mkdirSync(join(dir.path, ".site"), { recursive: true });
  writeFileSync(join(dir.path, BUILT_SITE_FILE), JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [], routes: ROUTES }));
  return dir.path;
}

forEachBackend((backend) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });
  const start = async (now?: () => number) => {
    const fresh = await backend.fresh();
    test = await startApp({ ...fresh.env, DIST_DIR: fixtureDist(), RETENTION_DAYS: "30" }, now ? { now } : {});
    return test.app;
  };
  const view = (body: unknown, { ip = "203.0.113.5", agent = BROWSER, headers = {} as Record<string, string> } = {}) =>
    test!.app.inject({
      method: "POST",
      url: "/api/v",
      remoteAddress: ip,
      headers: { "user-agent": agent, "content-type": "text/plain;charset=UTF-8", ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const today = () => dayIn(new Date(), ZONE);
  const report = (app: TestApp["app"]) => periodReport(app.store, { from: today(), to: addDays(today(), 1) }, ZONE);

  it(`counts each view once, visitors by the day's salted hash, none for Sec-GPC or DNT (${backend.name})`, async () => {
    const app = await start();
    for (const answer of [
      await view({ p: "/", e: 1, q: "?utm_source=Newsletter&utm_medium=email&utm_campaign=winter&x=1", r: "", l: 1800, c: 0.02 }),
      await view({ p: "/products/plc/", l: 2600, i: 120, c: 0 }),
      await view({ p: "/", l: 900, c: 0 }),
      await view({ p: "/", e: 1, r: "https://www.google.com/search?q=plc" }, { ip: "198.51.100.7" }),
      await view({ p: "/" }, { ip: "198.51.100.8", headers: { "sec-gpc": "1" } }),
      await view({ p: "/" }, { ip: "198.51.100.9", headers: { dnt: "1" } }),
    ]) {
      expect(answer.statusCode).toBe(204);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    const r = await report(app);
    expect([r.views, r.visitors]).toEqual([6, 2]);
    expect(r.pages).toEqual([
      { path: "/", views: 5, visitors: 2 },
      { path: "/products/plc", views: 1, visitors: 1 },
    ]);
    expect(r.sources.map((s) => [s.name, s.visits])).toEqual([
      ["newsletter", 1],
      ["www.google.com", 1],
    ]);
    expect(r.campaigns).toEqual([{ name: "newsletter / email / winter", visits: 1, enquiries: 0 }]);
    expect(r.vitals.find((v) => v.path === "/")?.lcp).toMatchObject({ value: 2000, rating: "good", samples: 2 });
    expect(r.vitals.find((v) => v.path === "/products/plc")?.lcp).toMatchObject({ value: 3000, rating: "needs improvement" });
    expect(r.vitals.find((v) => v.path === "/products/plc")?.inp).toMatchObject({ value: 125, rating: "good" });
    // Nothing in the store could name a visitor: only the day's salt and hashes.
    const size = await app.store.analytics.size();
    expect(size.analytics_salts).toBe(1);
    expect(size.analytics_seen).toBe(5); // two visitors of the site, and of pages: two of /, one of /products/plc
  });

  it(`counts nothing for a bot, a page that is not built, or a malformed beacon, and never sets a cookie (${backend.name})`, async () => {
    const app = await start();
    const bots = [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36",
      "curl/8.5.0",
      "",
    ];
    for (const agent of bots) expect((await view({ p: "/", e: 1, q: "?utm_source=bot" }, { agent })).statusCode).toBe(204);
    for (const body of [{ p: "/wp-admin" }, { p: "/", l: -1 }, { p: "/", c: "0.1" }, "not json", [1]]) await view(body);
    expect((await report(app)).views).toBe(0);
    expect(await app.store.analytics.size()).toMatchObject({ analytics_pages: 0, analytics_sources: 0, analytics_vitals: 0, analytics_seen: 0 });
    for (const url of ["/", "/contact", "/api/v"]) expect((await app.inject({ url })).headers["set-cookie"]).toBeUndefined();
  });

  it(`keeps the store bounded under a flood of made-up views (${backend.name})`, async () => {
    const app = await start();
    app.store.analytics.limits = { sources: 40, visitors: 100 };
    const flood = async (round: number, n: number) => {
      for (let i = 0; i < n; i++) {
        const ip = `10.${round}.${i >> 8}.${i & 255}`;
        await view(
          {
            p: ROUTES[i % ROUTES.length],
            e: 1,
            q: `?utm_source=spam-${round}-${i}&utm_campaign=c${i}`,
            r: `https://s${i}.example/`,
            l: i * 37,
            i: i,
            c: i / 100,
          },
          { ip, agent: `${BROWSER} r${round}-${i}` },
        );
      }
      return app.store.analytics.size();
    };
    const first = await flood(1, 300);
    const second = await flood(2, 300);
    // Pages: the routes and the site; sources: the cap and one "other" a landing page; visitors' hashes: the cap (two a visitor).
    for (const size of [first, second]) {
      expect(size.analytics_pages).toBeLessThanOrEqual(ROUTES.length + 1);
      expect(size.analytics_sources).toBeLessThanOrEqual(40 + ROUTES.length);
      expect(size.analytics_seen).toBeLessThanOrEqual(100 + 1);
    }
    expect(second).toEqual(first);
    console.log(`store after 300 made-up views: ${JSON.stringify(first)}; after 600: ${JSON.stringify(second)}`);
    expect((await report(app)).views).toBe(600);
    // One client: counted up to the per-minute limit, then not.
    for (let i = 0; i < VIEWS_PER_MINUTE + 20; i++) await view({ p: "/contact" }, { ip: "192.0.2.77" });
    expect((await report(app)).pages.find((p) => p.path === "/contact")!.views).toBe(200 + VIEWS_PER_MINUTE);
  }, 60_000);

  it(`gives a source its enquiries and conversion rate, and the weekly summary the sections beside the week before (${backend.name})`, async () => {
    const app = await start();
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"])
      await view({ p: "/products/plc", e: 1, q: "?utm_source=newsletter&utm_medium=email&utm_campaign=plc-week", l: 1200 }, { ip });
    await app.store.insertSubmission({
      ...{ kind: "contact", payload: validContact, ip: undefined, userAgent: undefined },
      source: { landingPage: "/products/plc?utm_source=newsletter", utmSource: "newsletter", utmMedium: "email", utmCampaign: "plc-week" },
    });
    const r = await report(app);
    expect(r.sources).toEqual([{ name: "newsletter", visits: 4, enquiries: 1 }]);
    expect(r.landings).toEqual([{ name: "/products/plc", visits: 4, enquiries: 1 }]);
    const text = reportText(r, await periodReport(app.store, periodBefore(r.period), ZONE));
    expect(text).toMatch(/newsletter\s+4 \(0\)\s+1 \(0\)\s+25\.0% \(-\)/);
    const window = { from: new Date(Date.now() - 6 * 86_400_000), to: new Date(Date.now() + 86_400_000) };
    const site = await weeklyAnalytics(app.store, window, ZONE);
    const week = { enquiries: 1, byForm: {}, bySource: {}, held: 0, released: 0, confirmedSpam: 0, failed: 0, waiting: 0 };
    const mail = composeWeeklySummary(window, week, week, { mailTo: "sales@example.com", mailFrom: "site@example.com" }, site);
    for (const heading of ["Top pages", "Top sources", "Campaigns (source / medium / campaign)", "Web Vitals of real visits, 75th percentile"]) {
      expect(mail.text).toContain(heading);
      expect(mail.html).toContain(heading);
    }
    expect(mail.text).toMatch(/\/products\/plc\s+≤ 1\.25 s good \(-\)/);
  });

  it(`removes the days past RETENTION_DAYS, and every salt and hash of a day before today (${backend.name})`, async () => {
    let clock = Date.now() - 40 * 86_400_000;
    const app = await start(() => clock);
    await view({ p: "/", l: 1000 });
    clock = Date.now();
    await view({ p: "/", l: 1000 });
    expect((await app.store.analytics.size()).analytics_salts).toBe(1);
    await app.store.analytics.purge(addDays(today(), -30), today());
    const size = await app.store.analytics.size();
    expect(size).toMatchObject({ analytics_pages: 2, analytics_vitals: 1, analytics_salts: 1, analytics_seen: 2 });
    expect((await report(app)).views).toBe(1);
  });
});
