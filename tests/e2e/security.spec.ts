/**
 * The security headers in a real browser: the Content-Security-Policy blocks nothing the site
 * itself does (hydration, the form, toasts, the datasheet PDFs in their iframes), and the pages
 * still work. Any `securitypolicyviolation` event or console error fails the test.
 */
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { holdTime, runUntil, settled } from "./hold-time.ts";

interface Watch {
  violations: string[];
  errors: string[];
}

/**
 * Collects CSP violation events (from the page and every frame in it) and console errors.
 * The map frame cannot load in a closed network; its failure is a network error, not a CSP one,
 * and is not counted.
 */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], errors: [] };
  await page.exposeFunction("__reportViolation", (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportViolation?: (t: string) => void }).__reportViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const offline = /google\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|ERR_ADDRESS_UNREACHABLE|ERR_TIMED_OUT/;
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() !== "error") return;
    const where = m.location().url ?? "";
    if (offline.test(m.text()) || offline.test(where)) return;
    seen.errors.push(`${m.text()} (${where})`);
  });
  page.on("pageerror", (e) => seen.errors.push(`page error: ${e.message}`));
  return seen;
}

async function expectClean(page: Page, seen: Watch): Promise<void> {
  // Violation reports are delivered as tasks of their own: the page has settled once they have run.
  await settled(page);
  expect(seen.violations, "CSP violations").toEqual([]);
  expect(seen.errors, "console errors").toEqual([]);
}

test("every answer carries the security headers; pages may not be framed, the PDFs only by the site", async ({ request }) => {
  const page = await request.get("/");
  const pageCsp = page.headers()["content-security-policy"] ?? "";
  expect(pageCsp).toContain("frame-ancestors 'none'");
  expect(pageCsp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(page.headers()["x-frame-options"]).toBe("DENY");
  const pdf = await request.get("/assets/datasheets/aveva-intouch.pdf");
  expect(pdf.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(pdf.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});

test("home: hydrates under the policy without a violation", async ({ page, viewport }) => {
  const seen = await watch(page);
  await page.goto("/");
  if (isMobile(viewport?.width)) {
    await menuToggle(page, "Open menu").click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  } else {
    await expect(page.locator("html[data-js]")).toHaveCount(1);
  }
  // the map frame is allowed by frame-src (it is lazy: bring it into view)
  const map = page.locator('iframe[src^="https://www.google.com/"]');
  if ((await map.count()) > 0) await map.first().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expectClean(page, seen);
});

test("first visit: the intro splash plays and leaves under the policy", async ({ browser }) => {
  const context = await browser.newContext(); // a new visit: its first page
  const page = await context.newPage();
  const seen = await watch(page);
  // The splash's 3 s are page time, moved on by the test once the page is there.
  const time = await holdTime(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.waitForLoadState("load");
  await expect(page.getByTestId("intro")).toBeVisible();
  await runUntil(page, 3010);
  await expect(page.getByTestId("intro")).toBeHidden();
  await time.release();
  await expectClean(page, seen);
  await context.close();
});

test("contact: the form sends under the policy and the toast shows", async ({ page }) => {
  const seen = await watch(page);
  await page.goto("/contact");
  const form = page.locator("main form");
  const submit = form.locator('button[type="submit"]');
  await expect(submit).toBeEnabled(); // hydrated
  const fields: Record<string, string> = {
    Name: "Dhruv Patel",
    Subject: `CSP check ${Date.now().toString(36)}`,
    Email: "dhruv.patel@example.com",
    Phone: "+91 98765 43210",
    Company: "Shree Textiles",
    Message: "Checking that the form still sends.",
  };
  for (const [label, value] of Object.entries(fields)) await form.getByRole("textbox", { name: label, exact: true }).fill(value);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/mail/send-contact"));
  await submit.click();
  expect((await answer).status()).toBe(200);
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  await expectClean(page, seen);
});

test("products/communication: hydrates under the policy without a violation", async ({ page, viewport }) => {
  const seen = await watch(page);
  await page.goto("/products/communication");
  if (isMobile(viewport?.width)) {
    await menuToggle(page, "Open menu").click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expectClean(page, seen);
});

test("aveva-intouch: the datasheet PDF loads in its iframe (frame-ancestors 'self' on /assets/)", async ({ page }) => {
  const seen = await watch(page);
  const pdfAnswers: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".pdf")) pdfAnswers.push(r.status());
  });
  // A narrow screen shows the datasheet's first page as a picture instead of the viewer (pdfEmbed).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/aveva/aveva-intouch");
  // The viewer starts when its place scrolls into view.
  await page.locator(`main a[download][href$=".pdf"]`).first().scrollIntoViewIfNeeded();
  const iframe = page.locator('iframe[src$=".pdf"]').first();
  await iframe.scrollIntoViewIfNeeded();
  const src = (await iframe.getAttribute("src"))!;
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f.url().endsWith(src))
          ?.url(),
      { message: "the PDF frame navigated" },
    )
    .toBeTruthy();
  await expect.poll(() => pdfAnswers.some((s) => s === 200 || s === 206 || s === 304)).toBe(true);
  // Chromium's PDF viewer runs in a frame of its own inside the PDF's; a PDF refused by
  // frame-ancestors ends on Chromium's error page instead.
  await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-extension://")), { message: "the PDF viewer started" }).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith("chrome-error://"))).toBe(false);
  await expectClean(page, seen);
});
