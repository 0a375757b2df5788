// @vitest-environment node
/**
 * ALTCHA solved by a real browser under the site's own Content-Security-Policy (no 'unsafe-eval',
 * no blob:, no inline script): the widget from `altcha/external`, its stylesheet, and the PBKDF2
 * worker served from our origin; the challenge made by our server module with its default cost;
 * the solution the form would send verified by our server module, once.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/lib/chromium.ts";
import { contentSecurityPolicy } from "../../src/handover/security-policy.ts";
import { ALTCHA_DEFAULTS, createAltchaChallenge, MemoryReplayGuard, verifyAltcha, type AltchaSettings } from "../../src/server/spam/altcha.ts";

const altchaDist = join(dirname(createRequire(import.meta.url).resolve("altcha")), "..");
const settings: AltchaSettings = { secret: "browser-test-secret-0123456789abcdef01", ...ALTCHA_DEFAULTS };
const policy = contentSecurityPolicy({ scriptHashes: [], frameOrigins: [] }, "page");

// What an island would do: load the external build, register the worker from our origin, report violations.
const BOOT = `
import "/altcha.js";
globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Worker("/altcha-worker-pbkdf2.js"));
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective + " " + e.blockedURI));
`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ALTCHA</title>
<link rel="stylesheet" href="/altcha.css"><script type="module" src="/boot.js"></script></head>
<body><form method="post" action="/send"><label>Name <input name="name"></label>
<altcha-widget challenge="/altcha/challenge" auto="onfocus" display="invisible" name="altcha"></altcha-widget>
<button>Send</button></form></body></html>`;

const FILES: Record<string, [type: string, body: () => string | Promise<string>]> = {
  "/": ["text/html", () => PAGE],
  "/boot.js": ["text/javascript", () => BOOT],
  "/altcha.js": ["text/javascript", () => readFileSync(join(altchaDist, "external/altcha.js"), "utf8")],
  "/altcha.css": ["text/css", () => readFileSync(join(altchaDist, "external/altcha.css"), "utf8")],
  "/altcha-worker-pbkdf2.js": ["text/javascript", () => readFileSync(join(altchaDist, "workers/pbkdf2.js"), "utf8")],
  // The default build, for the counter-example: it starts its workers from blob: URLs.
  "/default/": [
    "text/html",
    () =>
      PAGE.replace(
        '<link rel="stylesheet" href="/altcha.css"><script type="module" src="/boot.js"></script>',
        '<script type="module" src="/default/boot.js"></script>',
      ),
  ],
  "/default/boot.js": ["text/javascript", () => BOOT.replace(/^import .*\n.*\n/m, 'import "/default/altcha.js";\n')],
  "/default/altcha.js": ["text/javascript", () => readFileSync(join(altchaDist, "main/altcha.js"), "utf8")],
  "/altcha/challenge": ["application/json", async () => JSON.stringify(await createAltchaChallenge(settings))],
};

describe("ALTCHA in Chromium under the page policy", () => {
  let server: Server;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const file = FILES[req.url ?? ""];
      if (req.url === "/favicon.ico") return res.writeHead(204).end();
      if (!file) return res.writeHead(404).end();
      void Promise.resolve(file[1]()).then((body) => res.writeHead(200, { "content-type": file[0], "content-security-policy": policy }).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it("solves the challenge in a worker once the form is focused, and our server accepts the answer once", { timeout: 90_000 }, async () => {
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("blob:");
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(base);
    const field = page.locator('input[name="altcha"]');
    await expect.poll(() => field.count()).toBe(1);
    expect(await field.inputValue()).toBe("");
    const started = Date.now();
    await page.locator('input[name="name"]').focus();
    await expect.poll(() => field.inputValue(), { timeout: 60_000 }).not.toBe("");
    const solvedInMs = Date.now() - started;
    console.log(`ALTCHA (${settings.cost} PBKDF2 iterations, counter ${settings.counterMin}-${settings.counterMax}) solved in Chromium in ${solvedInMs} ms`);

    const payload = await field.inputValue();
    const guard = new MemoryReplayGuard();
    expect(await verifyAltcha(payload, settings, guard)).toEqual({ outcome: "ok" });
    expect(await verifyAltcha(payload, settings, guard)).toEqual({ outcome: "replayed" });
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
    // No puzzle for a person: the widget draws no text and takes no area.
    const widget = page.locator("altcha-widget");
    const box = await widget.boundingBox();
    expect(await widget.innerText()).toBe("");
    expect(box === null || box.width * box.height === 0).toBe(true);
  });

  it("the widget's default build breaks that policy: its blob: workers are refused", { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/default/`);
    await page.locator('input[name="name"]').focus();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations.join(" ")), { timeout: 30_000 })
      .toMatch(/worker-src blob/);
    expect(await page.locator('input[name="altcha"]').inputValue()).toBe("");
  });
});
