/**
 * Screenshots of pages as visitors see them, for reviewing by eye:
 *   tsx scripts/screenshots.ts [baseUrl] [path ...]   (default: every page, 375 and 1440 px)
 * Writes .tmp/shots/<width>/<path>.png. The intro splash is marked as seen first.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { loadContent } from "../src/content/loaders/load.ts";
import { chromiumLaunchOptions } from "./lib/chromium.ts";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const paths = process.argv.slice(3);
const widths = (process.env.WIDTHS ?? "375,1440").split(",").map(Number);
const fullPage = process.env.FULL !== "0";

const routes = paths.length ? paths : (loadContent(process.cwd()).content?.pages ?? []).map((p) => p.page.path);

const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 740 : 900 } });
  await context.addInitScript(() => sessionStorage.setItem("intro-seen", "1"));
  const page = await context.newPage();
  mkdirSync(`.tmp/shots/${width}`, { recursive: true });
  for (const path of routes) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Lazy images below the fold load when scrolled to; walk down so the shot shows them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    const file = `.tmp/shots/${width}/${path === "/" ? "home" : path.slice(1).replace(/\//g, "_")}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  }
  await context.close();
}
await browser.close();
