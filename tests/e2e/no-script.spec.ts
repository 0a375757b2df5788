import { HONEYPOT } from "../../src/forms/schema.ts";
import { fieldsOf, formSchemas } from "../../src/server/enquiries/validate.ts";
import type { Page, TestInfo } from "@playwright/test";
import { mailedWith, storedWhere } from "./enquiries.ts";
import { SPEC_ROUTES, disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { holdTime } from "./hold-time.ts";
import { expandGroup, siteNav } from "./content.ts";

/** The controls each form has: its schema's visitor fields and the honeypot. */
/** What a form posts without script: the visitor's fields, the honeypot, and the page it is on (the lead's source). */
const keysOf = (kind: "contact" | "quote") => [...fieldsOf(formSchemas[kind]).map((f) => f.name), HONEYPOT, "page"];

/**
 * The site works without JavaScript: the menu, its groups and the fly-outs are <details> and CSS,
 * and the intro's Skip is a dialog form. Every page of the spec is reachable from the menu. Both
 * forms are sent as plain HTML forms, through the real server, which answers with a page.
 */
test.use({ javaScriptEnabled: false });

const GROUPS = [siteNav.products.label, siteNav.aveva.label];
const SUB_GROUPS = [siteNav.lariox.label, siteNav.control.label, siteNav.execution.label, siteNav.information.label];
const SUB_TOGGLES = SUB_GROUPS.map(expandGroup);

test.describe("small screens, without script", () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), "small screens only");

  test("a tap opens the menu and every group, independently; every page is linked; a tap closes it", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const burger = menuToggle(page, "Open menu");
    await expect(nav).toBeHidden();
    await burger.tap();
    await expect(nav).toBeVisible();
    await expect(burger).toHaveAccessibleName("Close menu");

    for (const name of [...GROUPS, ...SUB_TOGGLES]) {
      await menuToggle(page, name).tap();
      await expect(disclosure(page, name)).toHaveAttribute("open", "");
    }
    for (const route of SPEC_ROUTES) await expect(nav.locator(`a[href="${route}"]`), route).toBeVisible();

    // Groups open and close independently.
    await menuToggle(page, siteNav.products.label).tap();
    await expect(nav.locator('a[href="/products/plc"]')).toBeHidden();
    await expect(nav.locator('a[href="/aveva/aveva-mes"]')).toBeVisible();
    await menuToggle(page, expandGroup(siteNav.execution.label)).tap();
    await expect(nav.locator('a[href="/aveva/aveva-mes"]')).toBeHidden();
    await expect(nav.locator('a[href="/aveva/aveva-intouch"]')).toBeVisible();

    await burger.tap();
    await expect(nav).toBeHidden();
    await expect(burger).toHaveAccessibleName("Open menu");
  });

  test("a menu link leads to its page", async ({ page }) => {
    await page.goto("/");
    await menuToggle(page, "Open menu").tap();
    await menuToggle(page, siteNav.aveva.label).tap();
    await menuToggle(page, expandGroup(siteNav.information.label)).tap();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: siteNav.label("/aveva/aveva-insight") })
      .tap();
    await expect(page).toHaveURL(/\/aveva\/aveva-insight$/);
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test.describe("wide screens, without script", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "desktop only");

  test("hovering opens each dropdown and each fly-out; every page is linked", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const route of ["/", "/about", "/services", "/training", "/contact", "/downloads", "/get-a-quote"]) {
      await expect(nav.locator(`a[href="${route}"]`), route).toBeVisible();
    }
    const seen = new Set<string>();
    for (const group of GROUPS) {
      await menuToggle(page, group).hover();
      const dropdown = page.locator("header nav > ul > li", { has: page.locator("summary", { hasText: group }) }).locator("> ul");
      await expect(dropdown).toBeVisible();
      for (const link of await dropdown.locator("> li > a").all()) {
        await expect(link).toBeVisible();
        seen.add((await link.getAttribute("href"))!);
      }
      for (const row of await dropdown.locator("> li", { has: page.locator("details") }).all()) {
        const flyout = row.locator("> ul");
        await expect(flyout).toBeHidden();
        await row.locator("> a").hover();
        await expect(flyout).toBeVisible();
        for (const link of await flyout.locator("a").all()) {
          await expect(link).toBeVisible();
          seen.add((await link.getAttribute("href"))!);
        }
      }
      await page.mouse.move(700, 700);
      await expect(dropdown).toBeHidden();
    }
    const inMenus = SPEC_ROUTES.filter((r) => r.startsWith("/products") || r.startsWith("/aveva"));
    expect([...seen].sort()).toEqual(inMenus.sort());
  });

  test("tabbing through the header opens each dropdown and fly-out on the way: every link is visible when focused", async ({ page }) => {
    await page.goto("/");
    await page.locator("header a").first().focus();
    const reached = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        return {
          inHeader: !!el.closest("header"),
          href: el.getAttribute("href"),
          visible: box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible",
        };
      });
      if (!focused.inHeader) break;
      expect(focused.visible, `${focused.href ?? "a toggle"} is visible when focused`).toBe(true);
      if (focused.href) reached.add(focused.href);
      await page.keyboard.press("Tab");
    }
    // The spec's routes and the search page, which the header links to by its magnifier.
    expect([...reached].sort()).toEqual([...SPEC_ROUTES, "/search"].sort());
  });

  test("Enter on a toggle pins its dropdown open; Enter again closes it", async ({ page }) => {
    await page.goto("/");
    const toggle = menuToggle(page, siteNav.products.label);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, siteNav.products.label)).toHaveAttribute("open", "");
    await page.locator("main h1").focus();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: siteNav.label("/products/hmi"), exact: true })).toBeVisible();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
  });
});

test.describe("intro, without script", () => {
  test.use({ seenIntro: false });

  test("Skip intro closes the splash", async ({ page }) => {
    // Its fade (a CSS animation) stands still until the click, however slow the machine.
    await holdTime(page);
    await page.goto("/");
    const intro = page.getByTestId("intro");
    await expect(intro).toBeVisible();
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(intro).toBeHidden();
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test.describe("forms, without script", () => {
  // The splash (which without script shows on every page for its few seconds) is not what these test.
  test.use({ reducedMotion: "reduce" });

  const CONTACT_API = "/api/mail/send-contact";
  const QUOTE_API = "/api/mail/send-quote";
  const unique = (info: TestInfo) => `${info.project.name}-no-script-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const form = (page: Page) => page.locator("main form");
  const field = (page: Page, label: string) => form(page).getByRole("textbox", { name: label, exact: true });
  const submit = (page: Page) => form(page).locator('button[type="submit"]');

  async function fill(page: Page, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  }
  async function expectValues(page: Page, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
  }
  /** The site's own shell around an answer: the header's navigation and the footer. */
  async function expectShell(page: Page) {
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  }

  test("each form is a real form: posted to its endpoint, a control named for each key of the payload", { tag: "@once" }, async ({ page }) => {
    for (const [path, endpoint, keys] of [
      ["/contact", CONTACT_API, keysOf("contact")],
      ["/get-a-quote", QUOTE_API, keysOf("quote")],
    ] as const) {
      await page.goto(path);
      await expect(form(page)).toHaveAttribute("method", "post");
      await expect(form(page)).toHaveAttribute("action", endpoint);
      const names = await form(page)
        .locator("input, textarea, select, button")
        .evaluateAll((controls) => controls.map((c) => c.getAttribute("name")).filter(Boolean));
      expect(names.sort()).toEqual([...keys].sort());
      await expect(form(page).locator('input[name="page"]')).toHaveValue(path);
      await expect(submit(page)).toBeEnabled();
    }
  });

  test("contact: a visitor sends a message and gets the 'Message Sent' page; it is stored and mailed", async ({ page }, info) => {
    const marker = unique(info);
    const values = {
      Name: "Dhruv Patel",
      Subject: `No script ${marker}`,
      Email: "dhruv.patel@example.com",
      Phone: "+91 98765 43210",
      Company: "Shree Textiles",
      // Its own text (the marker): the same text again from one address is held as a repeat.
      Message: `We run two S7-300 lines.\nCan you visit next week? (${marker})`,
    };
    await page.goto("/contact");
    await fill(page, values);
    const answer = page.waitForResponse((r) => r.url().endsWith(CONTACT_API));
    await submit(page).click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${CONTACT_API}$`));
    await expect(page).toHaveTitle(/^Message Sent \| /);
    const sent = page.getByRole("main").getByRole("heading", { name: "Message Sent" });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(page.getByRole("main").getByText(/^We will get back to you shortly\. Your reference is LA-\d{4}-\d{6}\.$/)).toBeVisible();
    await expectShell(page);

    expect(storedWhere("subject", values.Subject)).toMatchObject({
      kind: "contact",
      payload: { name: "Dhruv Patel", company: "Shree Textiles", message: values.Message },
    });
    // The honeypot is no part of what the visitor typed: checked, never kept.
    expect(storedWhere("subject", values.Subject)!.payload).not.toHaveProperty("website");
    await expect.poll(() => mailedWith(marker), { timeout: 15_000 }).toBe(true);

    // The way back leads to an empty form.
    await page.getByRole("main").getByRole("link", { name: "Send another message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expectValues(page, { Name: "", Message: "" });
  });

  test("quote: name and email are enough; the 'Form Submitted' page leads back to the form", async ({ page }, info) => {
    const marker = unique(info);
    await page.goto("/get-a-quote");
    await fill(page, { Name: "Asha Mehta", Email: "asha@example.com", "Project name": marker });
    await submit(page).click();
    await expect(page).toHaveURL(new RegExp(`${QUOTE_API}$`));
    await expect(page.getByRole("main").getByRole("heading", { name: "Form Submitted" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Your request has been submitted successfully.")).toBeVisible();
    await expectShell(page);
    expect(storedWhere("project", marker)).toMatchObject({ kind: "quote", payload: { name: "Asha Mehta", email: "asha@example.com", phone: "" } });
    await page.getByRole("main").getByRole("link", { name: "Back to the quote form" }).click();
    await expect(page).toHaveURL(/\/get-a-quote$/);
  });

  test("quote: an empty name comes back as the form with every value kept and the reason beside it; fixed, it is sent", async ({ page }, info) => {
    const marker = unique(info);
    const values = {
      Name: "",
      Email: "zoe.nunez@example.com",
      Phone: "+91 98765 43210",
      Company: "Gujarat Polymers",
      "Project name": marker,
      Requirements: `3 pumps, 12 level sensors.\nCommissioning before March. (${marker})`,
    };
    await page.goto("/get-a-quote");
    await fill(page, values);
    const answer = page.waitForResponse((r) => r.url().endsWith(QUOTE_API));
    await submit(page).click();
    expect((await answer).status()).toBe(400);
    await expect(page).toHaveTitle(/^Validation Error \| /);
    const notice = form(page).getByRole("alert");
    await expect(notice).toContainText("Validation Error");
    await expect(notice).toContainText("Please fill in all required fields.");
    await expect(notice).toBeFocused();
    await expectValues(page, values);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name")).toHaveAccessibleDescription("Name is required.");
    await expectShell(page);
    expect(storedWhere("project", marker)).toBeUndefined();

    await field(page, "Name").fill("Zoe Nunez");
    await submit(page).click();
    await expect(page.getByRole("main").getByRole("heading", { name: "Form Submitted" })).toBeVisible();
    expect(storedWhere("project", marker)).toMatchObject({ payload: { name: "Zoe Nunez", requirements: values.Requirements } });
  });

  test("a form on another site cannot send an enquiry in the visitor's name", { tag: "@once" }, async ({ page, baseURL }, info) => {
    const marker = unique(info);
    // A page of another site, served here by the test, whose form posts to ours.
    await page.route("http://other-site.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Other site</title><form method="post" action="${baseURL}${QUOTE_API}">
          <input name="name" value="Forged"><input name="email" value="forged@example.com"><input name="project" value="${marker}">
          <button>Win a prize</button></form>`,
      }),
    );
    await page.goto("http://other-site.test/");
    const answer = page.waitForResponse((r) => r.url().endsWith(QUOTE_API));
    await page.getByRole("button", { name: "Win a prize" }).click();
    expect((await answer).status()).toBe(403);
    await expect(form(page).getByRole("alert")).toContainText("only be sent from our own website");
    expect(storedWhere("project", marker)).toBeUndefined();
  });

  test("contact: what the browser lets through but the server refuses comes back with the server's reasons", { tag: "@once" }, async ({ page }, info) => {
    const values = {
      Name: "   ",
      Subject: `Refused ${unique(info)}`,
      Email: "dhruv@localhost",
      Phone: "+91 98765 43210",
      Company: "",
      Message: "Two lines,\nboth kept.",
    };
    await page.goto("/contact");
    await fill(page, values);
    const answer = page.waitForResponse((r) => r.url().endsWith(CONTACT_API));
    await submit(page).click();
    expect((await answer).status()).toBe(400);
    const notice = form(page).getByRole("alert");
    await expect(notice).toContainText("Error");
    await expect(notice).toContainText("Name is required. Email must be a valid e-mail address, like name@example.com.");
    await expect(field(page, "Name")).toHaveAccessibleDescription("Name is required.");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Email must be a valid e-mail address, like name@example.com.");
    await expect(field(page, "Subject")).not.toHaveAttribute("aria-invalid", "true");
    await expectValues(page, values);
    expect(storedWhere("subject", values.Subject)).toBeUndefined();
  });
});
