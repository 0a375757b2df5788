import { loadConfig } from "../../src/server/config.ts";
import { expect, test } from "./fixtures.ts";

/**
 * What a visitor finds without script: the WhatsApp link on product pages and in the contact
 * block, its first message naming the page; the privacy notice, linked from the footer and under
 * both forms.
 */
test.use({ javaScriptEnabled: false });

const whatsappText = async (href: string | null) => new URL(href ?? "").searchParams.get("text") ?? "";

test.describe("WhatsApp and privacy, without script @once", () => {
  for (const path of ["/products/plc", "/aveva/aveva-intouch"]) {
    test(`${path} links to a WhatsApp chat that names the page`, async ({ page }) => {
      await page.goto(path);
      const title = (await page.locator("main h1").textContent())?.trim() ?? "";
      const link = page.locator('main a[href^="https://wa.me/"]');
      await expect(link).toHaveCount(1);
      await expect(link).toBeVisible();
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^https:\/\/wa\.me\/[1-9]\d{7,17}\?text=/);
      const text = await whatsappText(href);
      expect(text).toContain(title);
      expect(text).toContain(path);
    });
  }

  test("the home page's contact block has the WhatsApp link; a page that is no product page has none under its content", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('main a[href^="https://wa.me/"]')).toHaveCount(1);
    await page.goto("/about");
    await expect(page.locator('main a[href^="https://wa.me/"]')).toHaveCount(0);
  });

  test("the footer and both forms link to the privacy notice, which says how long enquiries are kept", async ({ page }) => {
    for (const path of ["/contact", "/get-a-quote"]) {
      await page.goto(path);
      await expect(page.locator('form a[href="/privacy"]'), path).toBeVisible();
    }
    await page.locator('footer a[href="/privacy"]').click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.locator("main h1")).toHaveText(/privacy/i);
    // The notice states the server's default retention (RETENTION_DAYS unset).
    await expect(page.locator("main")).toContainText(`${loadConfig({}).retentionDays} days`);
    await expect(page.locator("main")).toContainText(/erase/);
  });
});
