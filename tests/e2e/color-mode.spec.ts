import type { Page } from "@playwright/test";
import { axe, disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { siteNav } from "./content.ts";

// The colour mode (src/ui/color-mode.ts): light on a first visit whatever the system prefers;
// a dark choice stored in localStorage applies before first paint, and every page still reads.

const LIGHT = { surface: "rgb(255, 255, 255)", raised: "rgb(255, 255, 255)" };
const DARK = { surface: "rgb(14, 25, 41)", raised: "rgb(23, 38, 60)" }; // theme.css.ts: #0e1929, #17263c
const LOGO = "/assets/logo.svg";
const LOGO_ON_DARK = "/assets/logo-white.svg";

/** What a visitor's browser would have stored after choosing the dark mode on an earlier visit. */
const storeDark = (page: Page) => page.addInitScript(() => localStorage.setItem("color-mode", "dark"));

async function paintedColours(page: Page) {
  return page.evaluate(() => {
    const bg = (el: Element | null) => (el ? getComputedStyle(el).backgroundColor : null);
    return {
      mode: document.documentElement.getAttribute("data-color-mode"),
      scheme: getComputedStyle(document.documentElement).colorScheme,
      body: bg(document.body),
      header: bg(document.querySelector("header")),
    };
  });
}

/** The header logo a visitor sees: exactly one of the two is displayed (drawn inline), at its own size. */
async function shownLogo(page: Page) {
  const logos = page.locator("header a[href='/'] svg");
  await expect(logos).toHaveCount(2);
  const visible = logos.locator("visible=true");
  await expect(visible).toHaveCount(1);
  await expect(visible).toHaveAccessibleName("Lariox Automation");
  expect(await visible.getAttribute("width")).toBe("220");
  expect(await visible.getAttribute("height")).toBe("48");
  const box = await visible.boundingBox();
  return { src: await visible.getAttribute("data-src"), box };
}

/**
 * Waits until a toast is shown and has finished sliding and fading in (axe reads colours
 * mid-fade), then holds it: sonner pauses a toast's timer while the pointer is over it.
 */
async function settled(toast: ReturnType<Page["locator"]>) {
  await expect(toast).toHaveAttribute("data-mounted", "true");
  await toast.hover();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

async function expectNoViolations(page: Page, include?: string) {
  let builder = axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("iframe");
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`)
        .slice(0, 3)
        .join(" | ")}`,
  );
  expect(summary).toEqual([]);
}

test.describe("colour mode", () => {
  test("a first visit is light, even when the system prefers dark", { tag: "@once" }, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveAttribute("data-color-mode", "dark");
    expect(await paintedColours(page)).toEqual({ mode: null, scheme: "light", body: LIGHT.surface, header: LIGHT.raised });
    expect((await shownLogo(page)).src).toBe(LOGO);
  });

  test("an invalid stored value is light", { tag: "@once" }, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("color-mode", "midnight"));
    await page.goto("/about");
    expect(await paintedColours(page)).toMatchObject({ scheme: "light", body: LIGHT.surface });
  });

  test("a stored dark choice is painted before any of the app's code runs", { tag: "@once" }, async ({ page }) => {
    await storeDark(page);
    // Only the inline head script and the stylesheet can act: every module is refused.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
    expect(await paintedColours(page)).toEqual({ mode: "dark", scheme: "dark", body: DARK.surface, header: DARK.raised });
    expect((await shownLogo(page)).src).toBe(LOGO_ON_DARK);
  });

  test("the dark logo takes the light one's place exactly", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    const light = await shownLogo(page);
    const dark = await page.context().newPage();
    try {
      await storeDark(dark);
      await dark.goto("/", { referer: page.url() });
      const shown = await shownLogo(dark);
      expect(shown.src).toBe(LOGO_ON_DARK);
      expect(shown.box).toEqual(light.box);
    } finally {
      await dark.close();
    }
  });

  test("the dark mode holds on the next page, and on a page whose island has hydrated", { tag: "@once" }, async ({ page }) => {
    await storeDark(page);
    await page.goto("/about");
    expect(await paintedColours(page)).toMatchObject({ mode: "dark", body: DARK.surface, header: DARK.raised });
    // The next page loads as a document; its head script paints it dark again before its first paint.
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: siteNav.label("/contact"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("[data-island=form]")).toHaveAttribute("data-hydrated", "");
    expect(await paintedColours(page)).toMatchObject({ mode: "dark", body: DARK.surface });
  });
});

/** WCAG contrast of two computed `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

for (const mode of ["light", "dark"] as const) {
  test(`${mode} mode: the focus ring reaches 3:1 on the page and on the dark bands`, { tag: "@once" }, async ({ page }) => {
    if (mode === "dark") await storeDark(page);
    await page.goto("/training");
    // The logo link on the header, and links in the top bar, two call-to-action panels and the footer.
    const targets = {
      header: page.locator("header a[href='/']").first(),
      topBar: page.getByRole("complementary", { name: "Contact details" }).getByRole("link").first(),
      cta: page.locator("main a[href='/contact']").first(),
      ctaMail: page.locator("main a[href^='mailto:']").last(),
      footer: page.getByRole("contentinfo").getByRole("link").first(),
    };
    for (const [where, link] of Object.entries(targets)) {
      await link.focus();
      const { ring, behind } = await link.evaluate((el) => {
        // The ring sits 2px outside the element, on whatever its nearest painted ancestor is.
        let bg = "rgba(0, 0, 0, 0)";
        for (let p = el.parentElement; p && /rgba\(.*, 0\)|transparent/.test(bg); p = p.parentElement) {
          const style = getComputedStyle(p);
          bg = style.backgroundImage !== "none" ? (style.backgroundImage.match(/rgb\([^)]*\)/)?.[0] ?? bg) : style.backgroundColor;
        }
        return { ring: getComputedStyle(el).outlineColor, behind: bg };
      });
      expect(contrast(ring, behind), `${where}: ring ${ring} on ${behind}`).toBeGreaterThanOrEqual(3);
    }
  });
}

for (const mode of ["light", "dark"] as const) {
  test(`${mode} mode: field text and example text reach 4.5:1 (axe does not check placeholders)`, { tag: "@once" }, async ({ page }) => {
    if (mode === "dark") await storeDark(page);
    await page.goto("/get-a-quote");
    const fields = page.locator("main form").locator("input[placeholder], textarea[placeholder]");
    expect(await fields.count()).toBeGreaterThan(0);
    for (const field of await fields.all()) {
      const { text, placeholder, bg } = await field.evaluate((el) => ({
        text: getComputedStyle(el).color,
        placeholder: getComputedStyle(el, "::placeholder").color,
        bg: getComputedStyle(el).backgroundColor,
      }));
      expect(contrast(text, bg), `text ${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(placeholder, bg), `placeholder ${placeholder} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test.describe("dark mode: axe finds no violations (colour contrast included)", () => {
  test.beforeEach(({ page }) => storeDark(page));

  for (const route of ["/", "/products/communication", "/contact", "/aveva/aveva-intouch", "/products/plc"]) {
    test(route, async ({ page }) => {
      await page.goto(route);
      expect(await paintedColours(page)).toMatchObject({ mode: "dark", body: DARK.surface });
      // Every accordion open, so the device chips and "Not supported" lists are checked too.
      await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expectNoViolations(page);
    });
  }

  test("the open menus", async ({ page, viewport }) => {
    await page.goto("/products/plc");
    expect(await paintedColours(page)).toMatchObject({ mode: "dark", header: DARK.raised });
    if (isMobile(viewport?.width)) {
      await menuToggle(page, "Open menu").click();
      for (const name of [siteNav.products.label, siteNav.aveva.label]) await menuToggle(page, name).click();
      await expectNoViolations(page, "header");
    } else {
      for (const name of [siteNav.products.label, siteNav.aveva.label]) {
        await menuToggle(page, name).click();
        await expect(disclosure(page, name)).toHaveAttribute("open", "");
        await expectNoViolations(page, "header");
      }
    }
  });

  test("the form's field errors and its toasts, which are dark too", async ({ page }) => {
    let answer = {
      status: 400,
      body: { success: false, message: "Please check the e-mail address.", errors: [{ field: "email", message: "Enter a valid e-mail address." }] },
    };
    await page.route("**/api/mail/send-contact", (route) =>
      route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }),
    );
    await page.goto("/contact");
    const form = page.locator("main form");
    await expect(form.locator('button[type="submit"]')).toBeEnabled();
    for (const [label, value] of Object.entries({
      Name: "Asha",
      Subject: "Retrofit",
      Email: "asha@example.com",
      Phone: "+91 00000 00009",
      Message: "A line.",
    })) {
      await form.getByRole("textbox", { name: label, exact: true }).fill(value);
    }

    await form.locator('button[type="submit"]').click();
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-sonner-theme", "dark");
    await settled(page.locator("[data-sonner-toast][data-type=error]"));
    await expect(form.getByText("Enter a valid e-mail address.")).toBeVisible();
    await expectNoViolations(page, "main");
    await expectNoViolations(page, "[data-sonner-toaster]");

    // One toast at a time: sonner fades the text of a toast stacked behind a newer one.
    await page.locator("[data-sonner-toast][data-type=error]").getByRole("button", { name: "Close toast" }).click();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    answer = { status: 200, body: { success: true, message: "Sent." } } as unknown as typeof answer;
    await form.locator('button[type="submit"]').click();
    await settled(page.locator("[data-sonner-toast][data-type=success]"));
    await expectNoViolations(page, "[data-sonner-toaster]");
  });
});
