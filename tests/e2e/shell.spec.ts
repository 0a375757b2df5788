import { COMPANY, expect, isMobile, test } from "./fixtures.ts";

// Every route answering 200 with its heading and title is checked with axe in a11y.spec.ts.

test("the shell shows the top bar, navigation and footer with the current year", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("link", { name: /sales@example\.com/ }).first()).toBeVisible();
  await expect(page.locator("header").getByRole("link", { name: COMPANY })).toHaveAttribute("href", "/");
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} ${COMPANY}`);
  await expect(page.locator("footer")).toContainText("Mon-Sat 9 AM-6 PM");
});

test.describe("desktop navigation", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "desktop only");

  test("highlights the current page and navigates client-side, updating the title", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(`About | ${COMPANY}`);
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("a dropdown opens from the keyboard, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "All Products" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const plc = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "PLC & IO Modules" });
    await expect(plc).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("hovering a menu opens it, hovering a group opens its sub-menu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: "Aveva Solutions" }).hover();
    const group = nav.getByRole("link", { name: "Operations Control", exact: true });
    await expect(group).toBeVisible();
    await expect(nav.getByRole("link", { name: "AVEVA InTouch" })).toBeHidden();
    await group.hover();
    await nav.getByRole("link", { name: "AVEVA InTouch" }).click();
    await expect(page).toHaveURL(/\/aveva\/aveva-intouch$/);
    await expect(page).toHaveTitle(`AVEVA InTouch | ${COMPANY}`);
  });
});

test.describe("mobile navigation", () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), "small screens only");

  test("the hamburger opens the menu; groups open independently; a link closes everything", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const burger = page.getByRole("button", { name: "Open menu" });
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(nav).toBeVisible();

    const products = page.getByRole("button", { name: "All Products" });
    const aveva = page.getByRole("button", { name: "Aveva Solutions" });
    await products.click();
    await aveva.click();
    await expect(products).toHaveAttribute("aria-expanded", "true");
    await expect(aveva).toHaveAttribute("aria-expanded", "true");
    const control = page.getByRole("button", { name: "Show Operations Control links" });
    const info = page.getByRole("button", { name: "Show Operations Information links" });
    await control.click();
    await info.click();
    await expect(control).toHaveAttribute("aria-expanded", "true");
    await expect(info).toHaveAttribute("aria-expanded", "true");
    await products.click();
    await expect(products).toHaveAttribute("aria-expanded", "false");
    await expect(aveva).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "AVEVA Historian" }).click();
    await expect(page).toHaveURL(/\/aveva\/aveva-historian$/);
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(aveva).toHaveAttribute("aria-expanded", "false");
    await expect(products).toHaveAttribute("aria-expanded", "false");
  });
});

test("the spec's case variants redirect to the real page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /HMI Solutions/ }).click();
  await expect(page).toHaveURL(/\/products\/hmi$/);
  await expect(page.locator("main h1")).toBeVisible();
});
