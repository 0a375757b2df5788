// @vitest-environment node
/**
 * The count as a visitor's browser makes it, on both databases: a real Chromium on the tests' site
 * (npm run build:test-site first) lands on a product page from a newsletter link, goes on by links to the
 * contact page, sends an enquiry, reads the privacy notice and closes the tab (pagehide sends the last
 * beacon). `npm run stats` (its main()) then shows each page viewed once, the newsletter with its
 * visit and its enquiry, and the Web Vitals of the routes visited. A bot's browser counts nothing;
 * no answer sets a cookie; the Content-Security-Policy the build wrote lets the inline beacon run.
 * A page restored from the back/forward cache (a real restore: Playwright's switch that turns the
 * cache off is dropped) is a view again, with no entry and no LCP of its own.
 */
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { chromium, type Browser, type LaunchOptions, type Page } from "@playwright/test";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/lib/chromium.ts";
import { main as stats } from "../../scripts/stats.ts";
import { BEACON_ROUTE } from "../../src/server/analytics/routes.ts";
import { weeklyAnalytics } from "../../src/server/analytics/weekly.ts";
import { composeWeeklySummary } from "../../src/server/outbox/weekly-summary.ts";
import { forEachBackend } from "./backends.ts";
import { startApp, waitFor, type TestApp } from "./helpers.ts";
import { E2E_DIST } from "../site-fixture.ts";

const DIST = resolve(E2E_DIST);
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Resolves once the loaded page has been idle: the beacon's idle callback (asked for at load) has run before this one. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        const idle = () => requestIdleCallback(() => done());
        if (document.readyState === "complete") idle();
        else addEventListener("load", idle, { once: true });
      }),
  );

/** Once the page's largest paint is known to the page (headless Chromium reports a text paint late). */
const painted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) =>
        new PerformanceObserver((_list, observer) => (observer.disconnect(), done())).observe({ type: "largest-contentful-paint", buffered: true }),
      ),
  );

forEachBackend((backend) => {
  let browser: Browser;
  let botBrowser: Browser;
  let test: TestApp | undefined;
  // The browser's own user agent, not a context's: a beacon sent as the page unloads goes out from the browser process with it.
  const launch = (agent: string, options: LaunchOptions = {}) =>
    chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--user-agent=${agent}`], ...options });
  beforeAll(async () => {
    if (!existsSync(resolve(DIST, ".site/server.json"))) throw new Error(`no built site in ${DIST}: run npm run build:test-site first`);
    [browser, botBrowser] = await Promise.all([launch(PERSON), launch(BOT)]);
  });
  afterAll(async () => {
    await browser?.close();
    await botBrowser?.close();
  });
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it(`counts a real visit once a page, its source with its enquiry, and its Web Vitals (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    test = await startApp({ ...fresh.env, DIST_DIR: DIST });
    const { app, url } = test;
    // The bot's beacons the server has answered, its handler done: only then is "nothing counted" a finding.
    let botBeacons = 0;
    app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      if (request.method === "POST" && request.url === BEACON_ROUTE && request.headers["user-agent"] === BOT) response.on("finish", () => botBeacons++);
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const cookies: string[] = [];
    const refused: string[] = [];
    const answers: Promise<unknown>[] = [];
    context.on("response", (r) =>
      answers.push(
        r.headerValue("set-cookie").then(
          (c) => c && cookies.push(`${r.url()}: ${c}`),
          () => undefined,
        ),
      ),
    );
    const page = await context.newPage();
    page.on("console", (m) => /Content Security Policy/i.test(m.text()) && refused.push(m.text()));

    await page.goto(`${url}/products/plc?utm_source=newsletter&utm_medium=email&utm_campaign=plc-week`);
    await settled(page);
    await page.locator('a[href="/contact"]:visible').first().click();
    await page.waitForURL(`${url}/contact`);
    await expect.poll(() => page.locator("main form").getAttribute("data-hydrated")).toBe("");
    await settled(page);
    const form = page.locator("main form");
    const values = {
      Name: "Dhruv Patel",
      Subject: "PLC upgrade",
      Email: "dhruv.patel@example.com",
      Phone: "+91 98765 43210",
      Message: "We run two S7-300 lines. Can you visit?",
    };
    for (const [label, value] of Object.entries(values)) await form.getByRole("textbox", { name: label, exact: true }).fill(value);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText("Message Sent").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('footer a[href="/privacy"]').click();
    await page.waitForURL(`${url}/privacy`);
    await settled(page);
    await painted(page);
    await page.close({ runBeforeUnload: true });

    const pages = async () => (await app.store.analytics.counts("2000-01-01", "2999-01-01")).pages;
    await waitFor(async () => (await pages()).find((p) => p.path === "/privacy"), "the closed tab's beacon");
    const bot = await botBrowser.newContext();
    const botPage = await bot.newPage();
    await botPage.goto(`${url}/?utm_source=bot`);
    await settled(botPage);
    await botPage.close({ runBeforeUnload: true });
    await waitFor(() => botBeacons > 0, "the bot's beacon, answered");
    await Promise.allSettled(answers);
    await bot.close();
    await context.close();

    expect((await pages()).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: "", views: 3, visitors: 1 },
      { path: "/contact", views: 1, visitors: 1 },
      { path: "/privacy", views: 1, visitors: 1 },
      { path: "/products/plc", views: 1, visitors: 1 },
    ]);
    expect(cookies).toEqual([]);
    expect(refused).toEqual([]);
    const [lead] = await app.store.list();
    expect(lead).toMatchObject({ status: expect.not.stringMatching("quarantined"), source: { utmSource: "newsletter" } });

    let out = "";
    expect(await stats([], { env: { ...fresh.env, DIST_DIR: DIST }, stdout: { write: (t: string) => (out += t) } })).toBe(0);
    console.log(`npm run stats after the visit (${backend.name}):\n${out}`);
    expect(out).toMatch(/All pages\s+3 \(0\)\s+1 \(0\)\s+1 \(0\)/);
    for (const path of ["/products/plc", "/contact", "/privacy"])
      expect(out).toMatch(new RegExp(`^  ${path.replace(/\//g, "\\/")}\\s+1 \\(0\\)\\s+1 \\(0\\)$`, "m"));
    expect(out).toMatch(/Top sources\n.*\n  newsletter\s+1 \(0\)\s+1 \(0\)\s+100\.0% \(-\)/);
    expect(out).toMatch(/newsletter \/ email \/ plc-week\s+1 \(0\)\s+1 \(0\)/);
    // The weekly summary of a week ending tomorrow, as the sender composes it.
    const window = { from: new Date(Date.now() - 6 * 86_400_000), to: new Date(Date.now() + 86_400_000) };
    const before = { from: new Date(window.from.getTime() - 7 * 86_400_000), to: window.from };
    const mail = composeWeeklySummary(
      window,
      await app.store.weekFigures(window),
      await app.store.weekFigures(before),
      { mailTo: "sales@example.com", mailFrom: "website@example.com" },
      await weeklyAnalytics(app.store, window, "Asia/Kolkata"),
    );
    console.log(`the weekly summary's text (${backend.name}):\n${String(mail.text)}`);
    expect(mail.text).toMatch(/Top sources\n.*\n  newsletter\s+1 \(0\)\s+1 \(0\)\s+100\.0% \(-\)/);
    expect(mail.html).toContain("Web Vitals of real visits, 75th percentile");
    const vitals = out.slice(out.indexOf("Web Vitals"));
    for (const path of ["/products/plc", "/contact", "/privacy"])
      expect(vitals).toMatch(new RegExp(`${path.replace(/\//g, "\\/")}\\s+≤ [\\d.]+ m?s (good|needs improvement|poor)`));
  }, 90_000);

  it(`counts a page restored from the back/forward cache as a view again, a normal load once (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    test = await startApp({ ...fresh.env, DIST_DIR: DIST });
    const { app, url } = test;
    // Playwright turns the cache off by default; this browser keeps it, as a visitor's does.
    const cached = await launch(PERSON, { ignoreDefaultArgs: ["--disable-back-forward-cache"] });
    try {
      const page = await cached.newPage();
      await page.addInitScript(() => addEventListener("pageshow", (e) => e.persisted && document.documentElement.setAttribute("data-restored", "")));
      await page.goto(`${url}/privacy`);
      await settled(page);
      await painted(page);
      await page.locator('footer a[href="/contact"]').first().click();
      await page.waitForURL(`${url}/contact`);
      await settled(page);
      await page.goBack({ waitUntil: "commit" }); // a restore fires no load event
      await expect.poll(() => page.locator("html").getAttribute("data-restored")).toBe("");
      await page.close({ runBeforeUnload: true });
      // Three beacons: /privacy as it went into the cache, /contact as it was left, /privacy restored as it closed.
      const counts = () => app.store.analytics.counts("2000-01-01", "2999-01-01");
      await waitFor(async () => (await counts()).pages.find((p) => p.path === "")?.views === 3, "the restored page's beacon");
      const { pages, sources, vitals } = await counts();
      expect(pages.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: "", views: 3, visitors: 1 },
        { path: "/contact", views: 1, visitors: 1 },
        { path: "/privacy", views: 2, visitors: 1 },
      ]);
      // The restore is no visit's entry, and has no paint of its own; its layout shifts are its own.
      expect(sources.reduce((sum, s) => sum + s.visits, 0)).toBe(1);
      const samples = (metric: string) => vitals.filter((v) => v.path === "/privacy" && v.metric === metric).reduce((sum, v) => sum + v.samples, 0);
      expect([samples("lcp"), samples("cls")]).toEqual([1, 2]);
    } finally {
      await cached.close();
    }
  }, 60_000);
});
