/**
 * Live preview, for real: the Vite dev server (with the site's plugins) on a temporary copy of
 * content/, and the page in headless Chromium. Editing a YAML file reloads the page with the
 * change; an invalid file shows Vite's error overlay with file:line:col, message and code frame
 * (and prints the same in the terminal); fixing it brings the page back.
 * About 15 s on a quiet machine (the first page load optimises the dependencies); the waits
 * are generous so that a loaded CI machine passes too.
 */
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, createServer, type ViteDevServer } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { chromium, type Browser, type Page } from "playwright-core";
import { contentPlugin } from "../../src/content/loaders/vite-plugin.ts";
import { chromiumLaunchOptions } from "../../scripts/lib/chromium.ts";
import { devEntry } from "../../vite.config.ts";
import { SITE_FIXTURE } from "../site-fixture.ts";

const project = join(import.meta.dirname, "../..");
const launchOptions = chromiumLaunchOptions;

let root: string;
let server: ViteDevServer;
let browser: Browser;
let page: Page;
let base: string;
/** What the dev server printed as errors (the terminal the editor watches). */
const terminal: string[] = [];

const edit = (file: string, from: string, to: string) => {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(path, text.replace(from, to));
};
const restore = (file: string) => cpSync(join(SITE_FIXTURE, file), join(root, file));

const h1 = () => page.locator("h1").first();
/** What Vite's overlay shows, read from its shadow root. */
const overlay = () =>
  page.evaluate(() => {
    const shadow = document.querySelector("vite-error-overlay")?.shadowRoot;
    if (!shadow) return null;
    const text = (selector: string) => shadow.querySelector(selector)?.textContent?.trim() ?? "";
    return { message: text(".message-body"), file: text(".file"), frame: text(".frame") };
  });
const noOverlay = () => page.waitForFunction(() => !document.querySelector("vite-error-overlay"), null, { timeout: 30_000 });

beforeAll(async () => {
  // The project with a content/ folder of its own, copied from the tests' site: no real file is touched.
  root = realpathSync(mkdtempSync(join(tmpdir(), "live-preview-")));
  cpSync(join(SITE_FIXTURE, "content"), join(root, "content"), { recursive: true });
  symlinkSync(join(SITE_FIXTURE, "public"), join(root, "public"));
  for (const name of ["index.html", "package.json", "tsconfig.json", "src", "schema", "node_modules"]) symlinkSync(join(project, name), join(root, name));

  const logger = createLogger("error", { allowClearScreen: false });
  const logError = logger.error.bind(logger);
  logger.error = (message, options) => {
    terminal.push(message);
    if (process.env.LIVE_PREVIEW_DEBUG) logError(message, options);
  };
  server = await createServer({
    configFile: false,
    root,
    customLogger: logger,
    cacheDir: join(project, "node_modules/.vite-live-preview-test"),
    plugins: [contentPlugin(root), vanillaExtractPlugin(), react(), devEntry],
    // Module ids stay inside the temporary root (vanilla-extract compiles only files under it).
    resolve: { preserveSymlinks: true },
    server: { host: "127.0.0.1", port: 0, fs: { allow: [root, project] } },
  });
  await server.listen();
  const address = server.httpServer!.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  browser = await chromium.launch(launchOptions);
  page = await browser.newPage();
  // The intro splash covers the first page of a visit; the test reads pages under it, as later pages.
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(url, { referer: `${base}/`, ...options });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Line and column of `text` in the real file: where the overlay must point once it is broken there. */
const where = (file: string, text: string) => {
  const lines = readFileSync(join(project, file), "utf8").split("\n");
  const line = lines.findIndex((l) => l.includes(text));
  return { line: line + 1, col: lines[line]!.indexOf(text) + 1 };
};
const heading = where("content/pages/about.yaml", "heading: About Us");
/** The broken value starts after "heading: ". */
const at = `${heading.line}:${heading.col + "heading: ".length}`;

describe("live preview (npm run dev)", () => {
  it("reloads the page when its YAML changes", async () => {
    await page.goto(`${base}/about`);
    await expect.poll(() => h1().textContent(), { timeout: 60_000 }).toBe("About Us");
    edit("content/pages/about.yaml", "heading: About Us", "heading: About Us, edited live");
    await expect.poll(() => h1().textContent(), { timeout: 30_000 }).toBe("About Us, edited live");
  }, 120_000);

  it("shows an invalid field in the overlay with file, line, column, message and code frame, and in the terminal", async () => {
    terminal.length = 0;
    edit("content/pages/about.yaml", "heading: About Us, edited live", "heading: [About, Us]");
    await page.waitForSelector("vite-error-overlay", { state: "attached", timeout: 30_000 });
    const shown = await overlay();
    expect(shown!.message).toBe(`1 content error:\ncontent/pages/about.yaml:${at}  /sections/0/heading: should be text`);
    expect(shown!.file).toBe(`${root}/content/pages/about.yaml:${at}`);
    // The code frame marks the line and puts a caret under the value.
    expect(shown!.frame).toMatch(
      new RegExp(`>\\s+${heading.line} \\| {${heading.col}}heading: \\[About, Us\\]\\n\\s+\\| {${heading.col + "heading: ".length}}\\^`),
    );
    expect(terminal.join("\n")).toContain(`content/pages/about.yaml:${at}  /sections/0/heading: should be text`);
  }, 60_000);

  it("shows the same overlay when the page is reloaded while the file is broken", async () => {
    await page.reload();
    await page.waitForSelector("vite-error-overlay", { state: "attached", timeout: 30_000 });
    const shown = await overlay();
    expect(shown!.message).toContain(`content/pages/about.yaml:${at}  /sections/0/heading: should be text`);
    expect(shown!.file).toBe(`${root}/content/pages/about.yaml:${at}`);
  }, 60_000);

  it("recovers when the file is fixed", async () => {
    restore("content/pages/about.yaml");
    await noOverlay();
    await expect.poll(() => h1().textContent(), { timeout: 30_000 }).toBe("About Us");
  }, 60_000);

  it("shows a YAML syntax error once, where it is", async () => {
    edit("content/pages/about.yaml", "heading: About Us", "heading: [About, Us");
    await page.waitForSelector("vite-error-overlay", { state: "attached", timeout: 30_000 });
    const shown = await overlay();
    // The unclosed flow list is noticed where the next line starts.
    expect(shown!.message).toMatch(new RegExp(`^1 content error:\\ncontent/pages/about\\.yaml:${heading.line + 1}:\\d+ {2}YAML syntax: `));
    restore("content/pages/about.yaml");
    await noOverlay();
    await expect.poll(() => h1().textContent(), { timeout: 30_000 }).toBe("About Us");
  }, 60_000);

  it("refreshes every page's contact tokens when site.yaml changes", async () => {
    await page.goto(`${base}/contact`);
    const aside = page.getByText("+91 00000 00001 / +91 00000 00002").first();
    await aside.waitFor({ timeout: 30_000 });
    edit("content/site.yaml", "+91 00000 00001", "+91 00000 09999");
    await page.getByText("+91 00000 09999 / +91 00000 00002").first().waitFor({ timeout: 30_000 });
    restore("content/site.yaml");
  }, 60_000);
});
