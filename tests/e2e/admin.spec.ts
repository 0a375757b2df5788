/**
 * The visual editor (/admin, the build's own, under its own policy) in Chromium, saving through
 * Decap's local backend into a copy of the project (editor-backend.ts): what an editor does, and
 * what lands in the files and in a build of them.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect as baseExpect, test, type CDPSession, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { parse } from "yaml";
import { loadContent } from "../../src/content/loaders/load.ts";
import { startEditorBackend, type EditorBackend } from "./editor-backend.ts";
import { layOutAll } from "./fixtures.ts";

// Decap loads and draws an entry in one long task of several seconds on a busy machine: each step waits longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

let backend: EditorBackend;
const file = (name: string) => readFileSync(join(backend.root, name), "utf8");

/** The lines of `after` that differ from `before` (the line count must stay). */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b.length, "lines added or removed").toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

const signedIn = new WeakSet<Page>();

/** Signs in to the local backend (once a page) and opens `hash` (#/collections/…); collects policy violations. */
async function openEditor(page: Page, hash: string): Promise<string[]> {
  const violations: string[] = [];
  if (!signedIn.has(page)) {
    signedIn.add(page);
    // Leaving an entry with unsaved changes asks first.
    page.on("dialog", (dialog) => void dialog.accept());
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/admin/");
    await page.getByRole("button", { name: "Login" }).click();
  }
  await page.goto(`/admin/${hash}`);
  return violations;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens a list item, which Decap shows collapsed under its summary (a section under its heading): its chevron. */
const expand = (page: Page, summary: string) =>
  page.getByText(summary, { exact: true }).first().locator("xpath=ancestor::div[.//button][1]").getByRole("button").first().click();

/** Saves the entry: on the local backend there is no review step, "Publish now" writes the file. */
async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

async function addSection(page: Page, type: string): Promise<void> {
  await page.getByRole("button", { name: "Add section" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
}

/** Chooses a page in a link's page list (Decap's relation widget) by typing part of its name. */
async function choosePage(page: Page, input: ReturnType<Page["locator"]>, name: string, option: string): Promise<void> {
  await input.fill(name);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The list item titled `title`, open or closed: its remove button is named after it (src/admin/button-names.ts). */
const listItem = (page: Page, title: string) =>
  page.getByRole("button", { name: `Remove “${title}”`, exact: true }).locator("xpath=ancestor::*[contains(@class, '-StyledListItemTopBar')]/parent::*");

const dragHandle = (page: Page, title: string) => page.getByRole("button", { name: `Drag to move “${title}”`, exact: true });

/**
 * Drags `handle` onto `target` as a hand does: Decap's lists move an item only on real pointer
 * events that travel a few pixels after the button goes down, both ends on screen.
 */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** The titles of the entry's sections, in the order the form shows them. */
const sectionTitles = (page: Page) =>
  page.evaluate(() => {
    const items = document.querySelector('[id^="sections-field-"]')?.lastElementChild?.children ?? [];
    // The drag library's announcements sit beside the items, without a title row.
    return [...items].flatMap((item) => item.querySelector(':scope > [class*="-NestedObjectLabel"]')?.textContent?.trim() ?? []);
  });

/** A finger put down at `from`, moved in small steps to `to` and lifted: real touch events, as a phone sends them. */
async function touchMove(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= 12; step++) {
    const at = { x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** The editor's own message box for a refusal (src/admin/notice.ts). */
const refusalNotice = (page: Page) => page.locator('[data-lariox-notice="refusal"]');

/** Decap's notice at the top right (saved, refused, not deleted). */
const notice = (page: Page) => page.locator('[class*="toast"], [role="alert"]').filter({ hasText: /\S/ });

/** The text of `main`, whitespace collapsed, every section included (layOutAll). */
const drawnText = async (main: Locator) => {
  await layOutAll(main);
  return main.evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, " ").trim());
};

test.describe("the visual editor @once", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(90_000);

  test.beforeAll(async () => {
    // A copy of the site and the backend started on it: on a busy machine, more than a test's usual 30 s.
    test.setTimeout(120_000);
    backend = await startEditorBackend();
  });
  test.afterAll(() => backend?.close());

  test("lists every page, sub-folders included, under its own policy and noindex", async ({ page }) => {
    const violations = await openEditor(page, "#/collections/pages");
    // Each entry reads "<title> — <path>"; a folder under content/pages lists its own files.
    const pages = loadContent(backend.root).content!.pages;
    const folders = new Set(pages.map((p) => p.file.split("/").slice(2, -1).join("/")));
    expect(folders.size).toBeGreaterThan(1);
    for (const folder of folders) {
      if (folder) {
        await page.getByRole("link", { name: folder, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#/collections/pages/filter/${folder}$`));
      }
      for (const { page: p } of pages.filter((p) => p.file.split("/").slice(2, -1).join("/") === folder)) {
        await expect(page.getByText(`${p.title} — ${p.path}`, { exact: true })).toBeVisible();
      }
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
    expect(violations).toEqual([]);
  });

  test("the preview draws the page with the site's blocks: the same text as the built page", async ({ page }) => {
    for (const path of ["/about", "/services", "/products/plc"]) {
      await page.goto(path);
      const built = await drawnText(page.locator("main"));
      await openEditor(page, `#/collections/pages/entries/${path.slice(1)}`);
      const preview = page.frameLocator("#preview-pane").locator("main");
      await expect.poll(() => drawnText(preview), { message: path, timeout: 15_000 }).toBe(built);
    }
  });

  test("the preview draws banners at the site's own heights, at each of the three", async ({ page }) => {
    const heights = (parse(file("content/site.yaml")) as { behaviour: { bannerHeights: Record<"small" | "medium" | "large", number> } }).behaviour
      .bannerHeights;
    const seen = new Set<string>();
    // The preview pane is about half the window: these widths give it a phone's, a tablet's and a desktop's.
    for (const width of [1000, 1800, 2700]) {
      await page.setViewportSize({ width, height: 900 });
      await openEditor(page, "#/collections/pages/entries/about");
      const frame = page.frameLocator("#preview-pane");
      await expect(frame.locator("main h1")).toBeVisible();
      const { inner, height } = await frame.locator("main h1").evaluate((h1) => {
        let banner: HTMLElement | null = h1 as HTMLElement;
        while (banner && getComputedStyle(banner).display !== "grid") banner = banner.parentElement;
        return { inner: window.innerWidth, height: banner?.getBoundingClientRect().height };
      });
      const size = inner >= 1200 ? "large" : inner >= 768 ? "medium" : "small";
      seen.add(size);
      expect(height, `${size} banner in a ${inner} px preview`).toBe(heights[size]);
    }
    expect([...seen].sort()).toEqual(["large", "medium", "small"]);
  });

  test("a changed heading is saved as a one-line diff", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    await expand(page, "About Us");
    await field(page, "Heading").first().fill("About Lariox Automation");
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => file("content/pages/about.yaml")).not.toBe(before);
    expect(changedLines(before, file("content/pages/about.yaml"))).toEqual(["    heading: About Lariox Automation"]);
  });

  test("an empty required field and a malformed path are refused at their fields, and nothing is written", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    await expand(page, "About Lariox Automation");
    await field(page, "Heading").first().fill("");
    await field(page, "Page address").fill("about us");
    await publish(page);
    await expect(page.getByText("Heading is required.")).toBeVisible();
    // Typed without its slash, the address gets one; a space is still not allowed.
    await expect(field(page, "Page address")).toHaveValue("/about us");
    await expect(page.getByText("Page address: should be a path like /products/plc.")).toBeVisible();
    // As written, not in Decap's capitals.
    await expect(page.getByText("Page address: should be a path like /products/plc.")).toHaveCSS("text-transform", "none");
    await expect(page.getByRole("alert").first()).toContainText("missed a required field");
    expect(file("content/pages/about.yaml")).toBe(before);
  });

  test("a heading of spaces is refused by the schema, and its error goes once the heading is fixed", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    await expand(page, "About Lariox Automation");
    const heading = field(page, "Heading").first();
    await heading.fill("   ");
    await publish(page);
    await expect(page.getByText("Heading: should be some words, not only spaces.")).toBeVisible();
    expect(file("content/pages/about.yaml")).toBe(before);
    // Folded, the section says the error's words on its title row, not only a red label.
    const section = page
      .locator('[class*="-ControlErrorsList"] > li', { hasText: "should be some words" })
      .locator("xpath=ancestor::*[./*[contains(@class, '-StyledListItemTopBar')]][1]");
    const toggle = section.locator(':scope > [class*="-StyledListItemTopBar"] > button').first();
    await toggle.click();
    const row = page.locator('[class*="-NestedObjectLabel"][data-lariox-errors]');
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute("data-lariox-errors", "Heading: should be some words, not only spaces.");
    await toggle.click();
    await expect(row).toHaveCount(0);
    await heading.fill("About Lariox Automation");
    await expect(page.getByText("Heading: should be some words, not only spaces.")).toBeHidden();
  });

  test("a refusal after a publish is not covered by the publish's message, which goes as the editor types", async ({ page }) => {
    const banner = (parse(file("content/pages/products/hmi.yaml")) as { sections: { heading: string }[] }).sections[0]!.heading;
    await openEditor(page, "#/collections/pages/entries/products/hmi");
    await expand(page, banner);
    const heading = field(page, "Heading").first();
    await heading.fill(`${banner} for every plant`);
    await publish(page);
    await expect(page.locator("[data-lariox-live]")).toBeVisible();
    await heading.fill("   ");
    await expect(page.locator("[data-lariox-live]")).toHaveCount(0);
    await publish(page);
    const note = page.getByText("Heading: should be some words, not only spaces.");
    await expect(note).toBeVisible();
    // Nothing lies over the message: the point at its middle is its own.
    const box = (await note.boundingBox())!;
    expect(await note.evaluate((n, [x, y]) => n.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
  });

  test("a group opens from its name and keeps it, rows show their values, and the footer points to where its address is", async ({ page }) => {
    const site = parse(file("content/site.yaml")) as { contact: { phones: string[]; email: string } };
    await openEditor(page, "#/collections/site/entries/site");
    await expect(page.getByLabel(/^Sales e-mail/)).toBeHidden();
    await page.getByText("Contact details", { exact: true }).last().click();
    await expect(page.getByLabel(/^Sales e-mail/)).toHaveValue(site.contact.email);
    await expect(page.locator('[data-lariox-name="Contact details"]')).toBeVisible();
    // Each phone number's row reads the number, not "Phone number".
    for (const phone of site.contact.phones) await expect(page.getByText(phone, { exact: true })).toBeVisible();
    // A list item opens from its title too.
    await page.getByText(site.contact.phones[0]!, { exact: true }).click();
    await expect(page.locator('[id^="phone-field-"]').first()).toHaveValue(site.contact.phones[0]!);
    await expect(
      page.getByText(/That column shows the postal address, phone numbers, email and opening hours of Contact details above: change them there\.$/),
    ).toBeVisible();
    // The drag handle is named after its row, not read out as a random key.
    await expect(page.getByRole("button", { name: `Drag to move “${site.contact.phones[0]}”` })).toBeVisible();
  });

  test("a hero slide's picture is chosen among the banners, and the dialog names the folder", async ({ page }) => {
    const home = parse(file("content/pages/home.yaml")) as { sections: { type: string; heading: string; slides: { alt: string }[] }[] };
    const hero = home.sections.find((s) => s.type === "hero")!;
    await openEditor(page, "#/collections/pages/entries/home");
    await expand(page, hero.heading);
    await expand(page, hero.slides[0]!.alt);
    await page.getByRole("button", { name: "Choose different image" }).first().click();
    await expect(page.locator("[data-lariox-folder]")).toHaveText(/^The folder “banners”/);
    await expect(page.getByText("home-2.jpg", { exact: true })).toBeVisible();
    await expect(page.getByText("home-2.webp", { exact: true })).toHaveCount(0);
  });

  test("the preview shows every slide of the home banner, as visitors see them, and steps through them", async ({ page }) => {
    const home = parse(file("content/pages/home.yaml")) as { sections: { type: string; slides: { alt: string }[] }[] };
    const slides = home.sections.find((s) => s.type === "hero")!.slides;
    expect(slides.length).toBeGreaterThan(1);
    await openEditor(page, "#/collections/pages/entries/home");
    const preview = page.frameLocator("#preview-pane");
    for (const slide of slides) await expect(preview.getByRole("img", { name: slide.alt, exact: true })).toBeAttached();
    await preview.getByRole("button", { name: "Show slide 2" }).click();
    await expect(preview.getByRole("img", { name: slides[1]!.alt, exact: true })).toBeInViewport();
  });

  test("a datasheet's row is titled by its document name, a new one starts with a viewer height, and a new product page's preview names no 'undefined'", async ({
    page,
  }) => {
    const sections = (parse(file("content/pages/aveva/aveva-edge.yaml")) as { sections: { type: string; title?: string }[] }).sections;
    await openEditor(page, "#/collections/pages/entries/aveva/aveva-edge");
    await expect(page.getByText(sections.find((s) => s.type === "pdfEmbed")!.title!, { exact: true })).toBeVisible();
    // "PDF Embed" stays the section's type, above the row, not its title.
    await expect(page.locator('[class*="-NestedObjectLabel"]').filter({ hasText: /^PDF Embed$/ })).toHaveCount(0);
    await openEditor(page, "#/collections/pages/new?path=products");
    const preview = page.frameLocator("#preview-pane").locator("body");
    // The product pages' WhatsApp line quotes the page's name, which a new page has not yet.
    await expect(preview).toContainText("Questions about (page name)?");
    await expect(preview).not.toContainText("undefined");
    // A new datasheet has its viewer height filled in: it needs only its name and its file.
    await addSection(page, "PDF Embed");
    await expect(page.getByLabel("Viewer height (px)", { exact: true })).toHaveValue("1000");
    // Its file is a document, and the Media dialog says so, not "pictures".
    await page.getByRole("button", { name: "Choose a file" }).last().click();
    await expect(page.locator("[data-lariox-folder]")).toHaveText(/where this field's documents \(PDF and other files\) are kept/);
  });

  test("on a 390 px phone: every toolbar button on screen, no sideways scrolling, the form and the preview one at a time", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, "#/collections/pages/entries/about");
    await expect(field(page, "Page address")).toBeVisible();
    for (const button of [page.getByRole("button", { name: "Delete entry" }), page.getByRole("button", { name: "History" }), page.getByText("View Live")]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A compact header: the status, the buttons and View Live in a tenth of the screen, not a fifth.
    expect((await page.locator('[class*="-ToolbarContainer"]').boundingBox())!.height).toBeLessThanOrEqual(844 * 0.1);
    expect((await field(page, "Page address").boundingBox())!.width).toBeGreaterThan(300);
    await page.getByRole("button", { name: "Show preview" }).click();
    const preview = page.frameLocator("#preview-pane");
    await expect(preview.locator("main h1")).toBeVisible();
    await expect(field(page, "Page address")).toBeHidden();
    const [scrollWidth, width] = await preview.locator("html").evaluate((html) => [html.scrollWidth, html.clientWidth]);
    expect(width).toBeGreaterThan(360);
    expect(scrollWidth).toBeLessThanOrEqual(width!);
    await page.getByRole("button", { name: "Back to the form" }).click();
    await expect(field(page, "Page address")).toBeVisible();
  });

  test.describe("on a 390 px touch screen", () => {
    test.use({ viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true });

    test("a swipe on a folded section scrolls and moves nothing; its grip or its Move buttons move it", async ({ page }) => {
      await openEditor(page, "#/collections/pages/entries/about");
      // The About page's four sections as an earlier test left them (it may have changed a heading).
      await expect.poll(async () => (await sectionTitles(page)).length).toBe(4);
      const before = await sectionTitles(page);
      const [s1, s2, s3, s4] = before as [string, string, string, string];
      const cdp = await page.context().newCDPSession(page);
      const bar = listItem(page, s3).locator('[class*="-StyledListItemTopBar"]').first();
      const title = listItem(page, s4).locator('[class*="-NestedObjectLabel"]').first();
      // A swipe down from the middle of a folded section's bar, then from its title row: the form scrolls back up.
      for (const start of [bar, title]) {
        await start.scrollIntoViewIfNeeded();
        const box = (await start.boundingBox())!;
        await touchMove(cdp, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, { x: box.x + box.width / 2, y: box.y + 250 });
        await expect.poll(async () => (await start.boundingBox())!.y).toBeGreaterThan(box.y + 100);
        expect(await sectionTitles(page)).toEqual(before);
      }
      // A tap on Move up moves it, Move down puts it back; the first and last items' buttons are off.
      await page.getByRole("button", { name: `Move “${s4}” up`, exact: true }).tap();
      await expect.poll(() => sectionTitles(page)).toEqual([s1, s2, s4, s3]);
      await page.getByRole("button", { name: `Move “${s4}” down`, exact: true }).tap();
      await expect.poll(() => sectionTitles(page)).toEqual(before);
      await expect(page.getByRole("button", { name: `Move “${s4}” down`, exact: true })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move “${s1}” up`, exact: true })).toBeDisabled();
      // The keyboard moves it by the same buttons, and stays on the button for the next step.
      await page.getByRole("button", { name: `Move “${s3}” up`, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => sectionTitles(page)).toEqual([s1, s3, s2, s4]);
      await expect(page.getByRole("button", { name: `Move “${s3}” up`, exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(() => sectionTitles(page)).toEqual([s3, s1, s2, s4]);
      // Its grip moves it: the last section dragged by a finger above the one before it.
      const grip = page.getByRole("button", { name: `Drag to move “${s4}”`, exact: true });
      const above = listItem(page, s2).locator('[class*="-StyledListItemTopBar"]').first();
      await grip.scrollIntoViewIfNeeded();
      await expect(above).toBeInViewport();
      const from = (await grip.boundingBox())!;
      const onto = (await above.boundingBox())!;
      await touchMove(cdp, { x: from.x + from.width / 2, y: from.y + from.height / 2 }, { x: from.x + from.width / 2, y: onto.y - 10 });
      await expect.poll(() => sectionTitles(page)).toEqual([s3, s1, s4, s2]);
      await cdp.detach();
    });
  });

  test("a summary too short is refused in plain words at the summary itself, not at a card's text of the same name", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    const summary = field(page, "Summary for search engines");
    await summary.fill("We automate plants.");
    await publish(page);
    const note = page.locator("[data-lariox-error]");
    await expect(note).toHaveText("Summary for search engines: should be at least 50 characters long");
    await expect(note).toBeVisible();
    // Right under the summary's own box (the cards' texts are `description` fields too).
    expect(await note.evaluate((n) => n.previousElementSibling?.id)).toBe(await summary.getAttribute("id"));
    expect(file("content/pages/about.yaml")).toBe(before);
  });

  test("typing after Tab replaces a changed field's text, as in any form", async ({ page }) => {
    await openEditor(page, "#/collections/pages/entries/about");
    const name = field(page, "Page name");
    await name.fill("About us");
    await field(page, "Page address").click();
    await page.keyboard.press("Tab");
    await expect(name).toBeFocused();
    await page.keyboard.type("About");
    await expect(name).toHaveValue("About");
  });

  test("a page's new address is refused while the menu and pages link to the old one, naming them", async ({ page }) => {
    const before = file("content/pages/products/plc.yaml");
    await openEditor(page, "#/collections/pages/entries/products/plc");
    await field(page, "Page address").fill("/products/plc-modules");
    await publish(page);
    // At the field, and in the notice, each place named as its own form labels it.
    const note = page.locator("[data-lariox-error]").filter({ hasText: "The All Products menu" });
    await expect(note).toHaveText(
      /^Page address: The All Products menu links to "\/products\/plc" \(Navigation bar › Dropdown menus › .*\): this change would break it\.$/,
    );
    await expect(page.locator("[data-lariox-error]").filter({ hasText: /^Page address: The page “About” links to/ })).toBeVisible();
    // Decap's short notice points to the message that stays, which says where the reasons are.
    await expect(
      page.getByText(/^Not saved: your changes are still in the form\. The message at the foot of the screen says why and what to do\.$/),
    ).toBeVisible();
    await expect(refusalNotice(page).locator("p")).toHaveText(
      "Not saved: correct each field marked in red (what to change is said under it), then press Publish again.",
    );
    // Every reason is under its field: the message lists none again.
    await expect(refusalNotice(page).getByRole("listitem")).toHaveCount(0);
    expect(file("content/pages/products/plc.yaml")).toBe(before);
    // Changed back, the field's note goes.
    await field(page, "Page address").fill("/products/plc");
    await expect(page.locator("[data-lariox-error]")).toHaveCount(0);
  });

  test("a form's field marked required where its form takes it empty is refused, naming the page, the field and the form", async ({ page }) => {
    const before = file("content/pages/contact.yaml");
    await openEditor(page, "#/collections/pages/entries/contact");
    await expand(page, "Send us a message");
    await expand(page, "company");
    // The open field's toggle: the other fields' rows are collapsed.
    await page.getByLabel("Required (optional)", { exact: true }).locator("visible=true").click();
    await publish(page);
    await expect(page.locator("[data-lariox-error]").filter({ hasText: "company" })).toHaveText(
      'Sections › 2 “Send us a message” › Fields › 5 “company” › Required: on the page “Contact”, the field "company" must not be marked required: the contact form takes it empty (src/forms/contact/schema.json)',
    );
    expect(file("content/pages/contact.yaml")).toBe(before);
  });

  test("a page or a picture that something uses is not deleted, and the editor reads what uses it", async ({ page }) => {
    await openEditor(page, "#/collections/pages/entries/products/plc");
    await page.getByRole("button", { name: "Delete entry" }).click();
    // The places, one a line, in a message that stays; Decap's own short-lived notice only points to it.
    const refusal = refusalNotice(page);
    await expect(refusal.locator("p")).toHaveText(/^Not deleted: \d+ places use it\. Change those places first, then delete\.$/);
    await expect(
      refusal.getByRole("listitem").filter({ hasText: /^The All Products menu links to this page \(Navigation bar › Dropdown menus › / }),
    ).toBeVisible();
    await expect(
      refusal
        .getByRole("listitem")
        .filter({ hasText: /^The page “About” links to this page \(Sections › \d+ “[^”]+” › Cards › \d+ “[^”]+” › Card link\)\.$/ })
        .first(),
    ).toBeVisible();
    const toast = page.getByText(/^Not deleted: the page is still there\. The message at the foot of the screen says why and what to do\.$/);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 30_000 });
    await expect(refusal).toBeVisible();
    expect(existsSync(join(backend.root, "content/pages/products/plc.yaml"))).toBe(true);
    // The media library lists every folder; the about page's banner is in use.
    const banner = String((parse(file("content/pages/about.yaml")) as { sections: { image?: string }[] }).sections[0]!.image);
    await openEditor(page, "#/collections/pages");
    await page.getByText("Media", { exact: true }).click();
    // Opened from the top bar, the library says it holds every folder, and lists each picture once (not also its WebP twin).
    await expect(page.locator("[data-lariox-folder]")).toHaveText(/^Every picture and file of the site, each named by its folder/);
    const name = banner.replace("/assets/", "");
    await page.getByPlaceholder("Search...").fill(name.replace(/\.jpg$/, ""));
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(name.replace(/\.jpg$/, ".webp"), { exact: true })).toHaveCount(0);
    await page.getByText(name, { exact: true }).click();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const mediaRefusal = refusalNotice(page);
    await expect(mediaRefusal.getByRole("listitem")).toHaveText([/^The page “About” uses this picture \(Sections › 1 “[^”]+” › Background image\)\.$/]);
    // Above the Media dialog, not behind it: the point at its middle is the message's own.
    const box = (await mediaRefusal.boundingBox())!;
    expect(
      await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("[data-lariox-notice]"), [box.x + box.width / 2, box.y + box.height / 2]),
    ).toBe(true);
    expect(existsSync(join(backend.root, "public", banner))).toBe(true);
    // The refusal was about the Media window: it goes when the window closes.
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(mediaRefusal).toBeHidden();
  });

  /** The editor shows the entry `name`, named in the address, with its page address `path`. */
  async function showsEntry(page: Page, name: string, path: string) {
    await expect(page).toHaveURL(new RegExp(`entries/${name}$`));
    await expect(field(page, "Page address")).toHaveValue(path);
  }

  test("Back and Forward between entries show the entry in the address, so save and delete act on what is shown", async ({ page }) => {
    await openEditor(page, "#/collections/pages/entries/about");
    await expect(field(page, "Page address")).toHaveValue("/about");
    await page.evaluate(() => void (location.hash = "#/collections/pages/entries/contact"));
    await expect(field(page, "Page address")).toHaveValue("/contact");
    await page.goBack();
    await showsEntry(page, "about", "/about");
    await page.goForward();
    await showsEntry(page, "contact", "/contact");
    // From a new page back to an entry: Decap showed an empty form marked Published, with Delete active.
    await page.evaluate(() => void (location.hash = "#/collections/pages/new"));
    await expect(field(page, "Page address")).toHaveValue("");
    await page.goBack();
    await showsEntry(page, "contact", "/contact");
    await expect(field(page, "Page name")).toHaveValue("Contact");
    // Save and delete act on the page shown: unchanged it saves as it is; in use, it is not deleted.
    const before = file("content/pages/contact.yaml");
    await page.getByRole("button", { name: "Delete entry" }).click();
    await expect(
      refusalNotice(page)
        .getByRole("listitem")
        .filter({ hasText: /links to this page/ })
        .first(),
    ).toBeVisible();
    expect(file("content/pages/contact.yaml")).toBe(before);
  });

  test("after a page is saved, the next entry's address shows that entry, so delete acts on what is shown", async ({ page }) => {
    await openEditor(page, "#/collections/pages/entries/services");
    await expand(page, "Our Services");
    await field(page, "Heading").first().fill("Our Automation Services");
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await page.evaluate(() => void (location.hash = "#/collections/pages/entries/products/plc"));
    await showsEntry(page, "products/plc", "/products/plc");
  });

  test("a new page made in a folder, with a big photo and a link chosen from the pages, is saved there as a valid file", async ({ page }) => {
    await openEditor(page, "#/collections/pages/filter/products");
    await page.getByRole("link", { name: "Create entry of type Page" }).click();
    // Saved, the new page stays on screen with its notice: the editor is not opened afresh (src/admin/reopen-entry.ts).
    let loads = 0;
    page.on("load", () => loads++);
    // The address starts with the folder's.
    await expect(field(page, "Page address")).toHaveValue("/products/");
    await field(page, "Page address").press("End");
    await field(page, "Page address").pressSequentially("commissioning");
    await field(page, "Page name").fill("Commissioning");
    await field(page, "Summary for search engines").fill("On-site commissioning of PLC, SCADA and HMI systems by Lariox Automation engineers.");
    await addSection(page, "Banner");
    await page.getByRole("button", { name: "Choose an image" }).click();
    // The picker opens on the site's banner pictures, and says so.
    await expect(page.getByText("about.jpg", { exact: true })).toBeVisible();
    await expect(page.locator("[data-lariox-folder]")).toHaveText(
      /^The folder “banners”, where this field's pictures are kept: a picture you upload here is saved in it\.$/,
    );
    const photo = await sharp({ create: { width: 4400, height: 1600, channels: 3, background: { r: 30, g: 60, b: 120 } } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "commissioning.jpg", mimeType: "image/jpeg", buffer: photo });
    // Scaled down, with a word: from what size to what, and why.
    await expect(page.locator('[data-lariox-notice="info"] p')).toHaveText(
      "“commissioning.jpg” was 4,400 × 1,600 px; the site keeps pictures at most 2,500 px on their longer side, which is sharp on any screen and loads faster, so it was scaled down to 2,500 × 909 px.",
    );
    await page.getByRole("button", { name: "Choose selected" }).click();
    // The new picture shows at once, in the field and in the preview, scaled to 2,500 px.
    await expect
      .poll(() =>
        page
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(2500);
    const previewImage = page.frameLocator("#preview-pane").locator("main img").first();
    await expect.poll(() => previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2500);
    await field(page, "Heading").fill("Commissioning");
    await addSection(page, "Rich Text");
    await page.getByRole("button", { name: "Add paragraph" }).click();
    // A paragraph is written in a box of several lines.
    await expect(page.locator('[id^="paragraph-field-"]')).toHaveJSProperty("tagName", "TEXTAREA");
    await page.locator('[id^="paragraph-field-"]').fill("We commission PLC, SCADA and HMI systems on site, together with your operators.");
    await addSection(page, "Contact Block");
    await field(page, "Heading").last().fill("Plan your commissioning");
    await field(page, "Link text").fill("Request a quote");
    await choosePage(page, page.locator('[id^="href-field-"]').last(), "Contact", "Contact /contact");
    // The preview draws the new page as it is being written.
    await expect(page.frameLocator("#preview-pane").getByRole("heading", { name: "Plan your commissioning" })).toBeVisible();
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    // Then the editor says where the change is and where to see it.
    await expect(page.locator("[data-lariox-live]")).toContainText("Saved on this computer, and the site here shows it now");
    // This copy has no remote: saved and kept as a version here, and what to ask for to put it live.
    await expect(page.locator("[data-lariox-live]")).toContainText("Ask the person who looks after the site's code to connect it");
    // White on the box's navy, not the page's dark text colour.
    await expect(page.locator("[data-lariox-live] p")).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(page.locator("[data-lariox-live] a")).toHaveAttribute("href", /\/products\/commissioning$/);
    const saved = "content/pages/products/commissioning.yaml";
    await expect.poll(() => existsSync(join(backend.root, saved))).toBe(true);
    expect(parse(file(saved))).toMatchObject({
      path: "/products/commissioning",
      sections: [
        { type: "banner", image: "/assets/banners/commissioning.jpg", heading: "Commissioning" },
        { type: "richText", paragraphs: [expect.stringContaining("We commission")] },
        { type: "contactBlock", link: { label: "Request a quote", href: "/contact" } },
      ],
    });
    expect(file(saved).split("\n")[0]).toBe("# yaml-language-server: $schema=../../../schema/page.schema.json");
    expect((await sharp(join(backend.root, "public/assets/banners/commissioning.jpg")).metadata()).width).toBe(2500);
    expect(loadContent(backend.root).errors).toEqual([]);
    await expect(page.locator("[data-lariox-live]")).toBeVisible();
    expect(loads, "editor reloads after the save").toBe(0);
  });

  test("a picture too heavy even when scaled down is refused, saying why and what to do", async ({ page }) => {
    await openEditor(page, "#/collections/pages/entries/about");
    await page.getByRole("button", { name: "Add section" }).click();
    await page.getByRole("menuitem", { name: "Banner", exact: true }).click();
    await page.getByRole("button", { name: "Choose an image" }).last().click();
    // Noise does not compress: 2,400 px of it is some 17 MB as PNG.
    const noise = randomBytes(2400 * 2400 * 3);
    const heavy = await sharp(noise, { raw: { width: 2400, height: 2400, channels: 3 } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "heavy.png", mimeType: "image/png", buffer: heavy });
    // In a message above the Media dialog, that stays until it is closed.
    await expect(refusalNotice(page).locator("p")).toHaveText(
      /^“heavy\.png” is [\d.]+ MB, more than the 2 MB the site takes for a picture\. .* and upload it again\.$/,
    );
    expect(existsSync(join(backend.root, "public/assets/banners/heavy.png"))).toBe(false);
  });

  test("a published change is undone from the entry's History, as a new save through the same checks", async ({ page }) => {
    const saved = "content/pages/products/scada.yaml";
    const original = file(saved);
    const title = (parse(original) as { title: string }).title;
    await openEditor(page, "#/collections/pages/entries/products/scada");
    await field(page, "Page name").fill(`${title} and MES`);
    await publish(page);
    await expect.poll(() => file(saved)).not.toBe(original);
    // The save is a version at once (a commit by the backend's git identity), named in words.
    await page.reload();
    await page.getByRole("button", { name: "History" }).click();
    const history = page.locator("dialog[data-lariox-history]");
    const versions = history.locator("ol > li");
    await expect(versions).toHaveCount(2);
    // Newest first: when, who, what changed in the form's words, and which one is saved now.
    await expect(versions.first()).toContainText("by Ana Editor");
    await expect(versions.first()).toContainText(`Changed the ${title} and MES page: page name`);
    await expect(versions.first()).toContainText(`Page name: “${title}” → “${title} and MES”`);
    await expect(versions.first()).toContainText("This is the version saved now.");
    await expect(versions.last()).toContainText("by Site Team");
    await expect(versions.last()).toContainText("Before the last save");
    await versions.last().getByRole("button", { name: "Restore this version" }).click();
    await expect(history).toHaveCount(0);
    await expect(field(page, "Page name")).toHaveValue(title);
    await expect(page.locator('[data-lariox-notice="info"]')).toContainText(
      "is in the form. It changes one field, listed below. Look it over in the preview, then press Publish",
    );
    await expect(page.locator('[data-lariox-notice="info"]')).toContainText(`Page name: “${title} and MES” → “${title}”`);
    expect(file(saved)).not.toBe(original);
    // The note speaks of this entry's form: once the editor leaves it (Decap asks first, accepted), it goes.
    await page.evaluate(() => void (location.hash = "#/collections/pages"));
    await expect(page.getByRole("button", { name: "Deleted pages" })).toBeVisible();
    await expect(page.locator("[data-lariox-notice]")).toHaveCount(0);
    // Back, and restored again, to be saved.
    await openEditor(page, "#/collections/pages/entries/products/scada");
    await page.getByRole("button", { name: "History" }).click();
    await versions.last().getByRole("button", { name: "Restore this version" }).click();
    await expect(field(page, "Page name")).toHaveValue(title);
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => file(saved)).toBe(original);
  });

  test("a deleted page is brought back from Deleted pages, as a new page in its folder", async ({ page }) => {
    // Made by an earlier test, and kept as a version by its save.
    const saved = "content/pages/products/commissioning.yaml";
    const original = file(saved);
    await openEditor(page, "#/collections/pages/entries/products/commissioning");
    await page.getByRole("button", { name: "Delete entry" }).click();
    await expect.poll(() => existsSync(join(backend.root, saved))).toBe(false);
    await openEditor(page, "#/collections/pages");
    await page.getByRole("button", { name: "Deleted pages" }).click();
    const row = page.locator("dialog[data-lariox-history] ol > li").filter({ hasText: "Commissioning" });
    await expect(row).toContainText("/products/commissioning");
    await expect(row).toContainText("by Ana Editor");
    await row.getByRole("button", { name: "Bring back" }).click();
    await expect(field(page, "Page address")).toHaveValue("/products/commissioning");
    await expect(field(page, "Page name")).toHaveValue("Commissioning");
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => existsSync(join(backend.root, saved))).toBe(true);
    expect(file(saved)).toBe(original);
  });

  test("a section dragged above the one before it is saved there: its lines move and no other line changes", async ({ page }) => {
    const saved = "content/pages/about.yaml";
    const before = file(saved);
    const types = (text: string) => (parse(text) as { sections: { type: string }[] }).sections.map((s) => s.type);
    expect(types(before)).toEqual(["banner", "richText", "featureList", "cardGrid"]);
    await openEditor(page, "#/collections/pages/entries/about");
    await dragOnto(page, dragHandle(page, "Our Solutions"), dragHandle(page, "Feature List"));
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => types(file(saved))).toEqual(["banner", "richText", "cardGrid", "featureList"]);
    expect(file(saved).split("\n").sort()).toEqual(before.split("\n").sort());
  });

  test("a new entry in the All Products menu gets its text and page, and is saved as one more line", async ({ page }) => {
    const before = file("content/site.yaml");
    await openEditor(page, "#/collections/site/entries/site");
    await page.getByText("Navigation bar", { exact: true }).last().click();
    await page.getByText("All Products", { exact: true }).last().click();
    await listItem(page, "All Products").getByRole("button", { name: "Add entry", exact: true }).click();
    // Open at the foot of the menu's entries, titled by what it is until it has a text, then by its text.
    await listItem(page, "Entry").getByLabel("Link text", { exact: true }).fill("AVEVA Edge HMI");
    await choosePage(page, listItem(page, "AVEVA Edge HMI").locator('[id^="href-field-"]'), "Edge", "AVEVA Edge /aveva/aveva-edge");
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => file("content/site.yaml")).not.toBe(before);
    const added = file("content/site.yaml")
      .split("\n")
      .filter((line) => !before.split("\n").includes(line));
    expect(added).toEqual([expect.stringMatching(/^ +- \{ label: AVEVA Edge HMI, href: \/aveva\/aveva-edge \}$/)]);
    expect(file("content/site.yaml").split("\n").length).toBe(before.split("\n").length + 1);
    const menus = (parse(file("content/site.yaml")) as { navigation: { menus: { label: string; items: { label: string; href: string }[] }[] } }).navigation
      .menus;
    expect(menus.find((m) => m.label === "All Products")!.items.at(-1)).toEqual({ label: "AVEVA Edge HMI", href: "/aveva/aveva-edge" });
  });

  test("the build of the edited files shows the new heading, builds the new route and the picture's variants", async () => {
    test.setTimeout(180_000);
    await backend.build();
    const dist = join(backend.root, "dist");
    expect(readFileSync(join(dist, "about/index.html"), "utf8")).toContain("About Lariox Automation");
    const added = readFileSync(join(dist, "products/commissioning/index.html"), "utf8");
    expect(added).toContain("Plan your commissioning");
    const variants = readdirSync(join(dist, "assets/img")).filter((name) => name.startsWith("commissioning."));
    // WebP and JPEG in several widths (AVIF too where it pays: src/content/loaders/images.ts).
    expect(variants.filter((name) => name.endsWith(".webp")).length).toBeGreaterThan(1);
    expect(variants.some((name) => name.endsWith(".jpg"))).toBe(true);
    expect(variants.filter((name) => added.includes(name)).length).toBeGreaterThan(0);
  });
});
