import type { Locator, Page } from "@playwright/test";
import { COMPANY, expect, isMobile, test } from "./fixtures.ts";
import { settled } from "./hold-time.ts";
import { h1Of, headingOf, pages, sectionOf, sectionsOf, site } from "./content.ts";

/**
 * One test per page family of the spec (section 2) on the built pages: that each shows its
 * sections, and the spec's behaviour (timings, links, redirects, layouts by width). Headings,
 * labels and cards are read from the content the site was built from (./content.ts), so an
 * editor's change of a heading, a card or a menu label cannot fail a test here; how many cards,
 * logos or brochures a page has is the editors' choice too. The spec's own wording and counts on
 * today's content are checked by `npm run check:spec` (tests/spec), outside what gates a deploy.
 */

/** The <section> whose own heading (h2) has this name. */
const sectionByHeading = (page: Page, name: string | RegExp) =>
  page
    .locator("main section")
    .filter({ has: page.getByRole("heading", { level: 2, name, exact: typeof name === "string" }) })
    .first();

const hrefs = (links: Locator) => links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
const texts = (els: Locator) => els.evaluateAll((es) => es.map((e) => (e.textContent ?? "").trim()));
/** Distinct left edges (rounded) of the elements: the number of columns they sit in. */
const columnCount = async (els: Locator) => new Set(await els.evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().left)))).size;

/** A card's link as the page writes it (a card without one is not a link). */
const cardHrefs = (path: string, n = 0) => sectionOf(path, "cardGrid", n).cards.flatMap((card) => (card.href ? [card.href] : []));
const productSidebar = site.sidebars!.products!;

/** The products sidebar: its links, the current page's (and only it) marked. */
async function expectProductSidebar(page: Page, current?: string) {
  const sidebar = page.getByRole("complementary", { name: productSidebar.heading });
  await expect(sidebar).toBeVisible();
  const links = sidebar.getByRole("link");
  await expect(links.first()).toBeVisible();
  expect(await hrefs(links)).toEqual(productSidebar.links.map((link) => link.href));
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(current ? 1 : 0);
  if (current) await expect(sidebar.locator(`a[href="${current}"]`)).toHaveAttribute("aria-current", "page");
}

test.describe("Home", () => {
  test("hero: slides with a dot each, a typed tagline that changes and Request a Quote to /contact", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator('main [aria-roledescription="carousel"]');
    const slides = await hero.locator('[aria-roledescription="slide"]').count();
    expect(slides).toBeGreaterThan(1);
    await expect(hero.getByRole("button", { name: /^Show slide \d+$/ })).toHaveCount(slides);
    await expect(hero.locator("h1")).toBeVisible();

    const typed = hero.locator("p span[aria-hidden=true]").first();
    const first = (await typed.textContent()) ?? "";
    expect(first.length).toBeGreaterThan(0);
    await expect.poll(async () => typed.textContent(), { timeout: 8000 }).not.toBe(first);

    const { cta } = sectionOf("/", "hero");
    const quote = hero.getByRole("link", { name: cta.label, exact: true });
    await expect(quote).toHaveAttribute("href", cta.href);
    await quote.click();
    await expect(page).toHaveURL(new RegExp(`${cta.href}$`));
    await expect(page).toHaveTitle(`${pages.find((p) => p.path === cta.href)!.title} | ${COMPANY}`);
  });

  test("hero rotates every 5 s, and the pause button stops it", async ({ page, viewport }) => {
    test.skip(isMobile(viewport?.width), "timing checked once, on desktop");
    // The page's timers run on a clock the test moves: 5 s of page time, whatever the machine's load.
    await page.clock.install();
    await page.goto("/");
    const hero = page.locator('main [aria-roledescription="carousel"]');
    const dot = (n: number) => hero.getByRole("button", { name: `Show slide ${n}`, exact: true });
    const current = () => hero.locator('button[aria-current="true"]').getAttribute("aria-label");
    const slides = await hero.locator('[aria-roledescription="slide"]').count();
    expect(slides).toBeGreaterThan(1);
    const after = (n: number) => (n % slides) + 1;
    // Autoplay starts once the page is hydrated: the button then offers to pause.
    const pause = hero.getByRole("button", { name: "Pause slideshow" });
    await expect(pause).toBeVisible();
    // A moment ahead of the page's clock; on a busy machine that moment may have passed before the
    // pause lands ("cannot fast-forward to the past"), so it is taken again.
    await expect(async () => page.clock.pauseAt(await page.evaluate(() => Date.now() + 10))).toPass();
    // Wherever the first slide's 5 s stood, the second is shown within the next 5 s...
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    for (let waited = 0; (await current()) === "Show slide 1"; waited += 100) {
      expect(waited, "the second slide came within 5 s").toBeLessThanOrEqual(5000);
      await page.clock.runFor(100);
    }
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    // ...and stays for 5 s: the next comes just after.
    await page.clock.runFor(4800);
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(400);
    await expect(dot(after(2))).toHaveAttribute("aria-current", "true");

    await pause.click();
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    // Leave the carousel (pointer and focus) so only the pause can hold it.
    await page.mouse.move(5, 890);
    await page.mouse.move(700, 880);
    await page.locator("footer").getByRole("link").first().focus();
    await page.clock.runFor(6500);
    await expect(dot(after(2))).toHaveAttribute("aria-current", "true");

    await hero.getByRole("button", { name: "Play slideshow" }).click();
    await page.mouse.move(5, 890);
    await page.locator("footer").getByRole("link").first().focus();
    await page.clock.runFor(5200);
    await expect(dot(after(after(2)))).toHaveAttribute("aria-current", "true");
  });

  test("the solution cards: each titled as its content says", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    const section = sectionByHeading(page, headingOf("/", "cardGrid"));
    await expect(section.getByRole("listitem").first()).toBeVisible();
    expect(await texts(section.locator("li h3"))).toEqual(sectionOf("/", "cardGrid").cards.map((card) => card.title));
  });

  // Cards whose link differs from its page's address only in case (the spec's own links do).
  const caseVariants = sectionOf("/", "cardGrid").cards.flatMap((card) => {
    const target = pages.find((p) => card.href && p.path !== card.href && p.path.toLowerCase() === card.href.toLowerCase());
    return target ? [{ title: card.title, variant: card.href!, target: target.path }] : [];
  });
  for (const { title, variant, target } of caseVariants) {
    test(`the card linking ${variant} lands on ${target}`, { tag: "@once" }, async ({ page }) => {
      await page.goto("/");
      await sectionByHeading(page, headingOf("/", "cardGrid"))
        .locator("li")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
        .getByRole("link")
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator("main h1")).toHaveText(h1Of(target));
      // The same address typed in: the server redirects to the real page.
      const response = await page.goto(variant);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(target);
      await expect(page.locator("main h1")).toHaveText(h1Of(target));
    });
  }

  test("partner strip: distinct logos, list duplicated with the copy hidden, animating", async ({ page }) => {
    await page.goto("/");
    const section = sectionByHeading(page, headingOf("/", "logoStrip"));
    const items = section.getByRole("listitem"); // the accessibility tree sees one copy
    const n = await items.count();
    expect(n).toBeGreaterThan(0);
    await expect(section.locator("li")).toHaveCount(2 * n);
    const hidden = section.locator('li[aria-hidden="true"]');
    await expect(hidden).toHaveCount(n);
    const names = await section
      .locator('li:not([aria-hidden="true"])')
      .getByRole("img")
      .evaluateAll((logos) => logos.map((l) => l.getAttribute("aria-label")));
    expect(new Set(names).size).toBe(n);
    expect(names.every((name) => name && name.length > 1)).toBe(true);
    const copySrcs = await hidden.locator("svg").evaluateAll((logos) => logos.map((l) => l.getAttribute("data-src")));
    const firstSrcs = await section.locator('li:not([aria-hidden="true"]) svg').evaluateAll((logos) => logos.map((l) => l.getAttribute("data-src")));
    expect(copySrcs).toEqual(firstSrcs);
    expect(new Set(firstSrcs).size).toBe(n);

    const track = section.locator("ul");
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
    expect(await track.evaluate((el) => getComputedStyle(el).animationTimingFunction)).toBe("linear");
    expect(await track.evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe("infinite");
    // It moves while on screen: sections off screen are skipped by the browser (content-visibility).
    await section.scrollIntoViewIfNeeded();
    const x = () => track.evaluate((el) => el.getBoundingClientRect().left);
    const before = await x();
    await expect.poll(x).toBeLessThan(before);
  });

  test("partner strip stands still under prefers-reduced-motion", { tag: "@once" }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const section = sectionByHeading(page, headingOf("/", "logoStrip"));
    const track = section.locator("ul");
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    const before = await track.evaluate((el) => el.getBoundingClientRect().left);
    await settled(page);
    expect(await track.evaluate((el) => el.getBoundingClientRect().left)).toBe(before);
    // Every logo readable at once, the copy out of the way.
    const visible = section.locator('li:not([aria-hidden="true"])').getByRole("img");
    expect(await visible.count()).toBeGreaterThan(0);
    for (const img of await visible.all()) await expect(img).toBeVisible();
    for (const li of await section.locator('li[aria-hidden="true"]').all()) await expect(li).toBeHidden();
  });

  test("client logos, each named once", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    const section = sectionByHeading(page, headingOf("/", "logoGrid"));
    const logos = section.getByRole("listitem").getByRole("img");
    const n = await logos.count();
    expect(n).toBeGreaterThan(0);
    const names = await logos.evaluateAll((all) => all.map((l) => l.getAttribute("aria-label")));
    expect(new Set(names).size).toBe(n);
  });

  test("the contact block: a titled lazy map, the phone number and its link", { tag: "@once" }, async ({ page }) => {
    await page.goto("/");
    const block = sectionOf("/", "contactBlock");
    const section = sectionByHeading(page, block.heading);
    const map = section.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("loading", "lazy");
    expect((await map.getAttribute("title"))?.length).toBeGreaterThan(5);
    expect(await map.getAttribute("src")).toMatch(/^https:\/\/www\.google\.com\/maps/);
    const phone = section.locator('a[href^="tel:"]');
    await expect(phone).toBeVisible();
    await expect(phone).toHaveText(/^\+?[\d ]{8,}$/);
    const quote = section.getByRole("link", { name: block.link.label, exact: true });
    await expect(quote).toHaveAttribute("href", block.link.href);
    await quote.click();
    await expect(page).toHaveURL(new RegExp(`${block.link.href}$`));
  });
});

test("About: the description, the feature blocks (mission, vision), cards to their pages", { tag: "@once" }, async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main")).toContainText(sectionOf("/about", "richText").paragraphs![0]!);
  for (const { title, text } of sectionOf("/about", "featureList").features) {
    const block = page.locator("main li").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(block).toBeVisible();
    await expect(block).toContainText(text);
  }
  const cards = sectionByHeading(page, headingOf("/about", "cardGrid")).getByRole("link");
  await expect(cards.first()).toBeVisible();
  expect(await hrefs(cards)).toEqual(cardHrefs("/about"));
  const first = (await cards.first().getAttribute("href"))!;
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(page.locator("main h1")).toBeVisible();
});

test("Services: the lists of services, each followed by its button", { tag: "@once" }, async ({ page }) => {
  await page.goto("/services");
  const lists = sectionsOf("/services", "cardGrid");
  expect(lists.length).toBeGreaterThan(0);
  for (const list of lists) {
    const section = sectionByHeading(page, list.heading!);
    await expect(section.getByRole("listitem").first()).toBeVisible();
    expect(await texts(section.locator("li h3"))).toEqual(list.cards.map((card) => card.title));
    const quote = section.getByRole("link", { name: list.cta!.label, exact: true });
    await expect(quote).toHaveAttribute("href", list.cta!.href);
    const listBottom = await section.getByRole("list").evaluate((el) => el.getBoundingClientRect().bottom);
    const quoteTop = await quote.evaluate((el) => el.getBoundingClientRect().top);
    expect(quoteTop).toBeGreaterThan(listBottom);
  }
});

test("Training: the quote button, features, columns of topics, the sales e-mail", { tag: "@once" }, async ({ page }) => {
  await page.goto("/training");
  const button = sectionOf("/training", "cta").buttons[0];
  const quote = page.getByRole("link", { name: button.label, exact: true }).first();
  await expect(quote).toHaveAttribute("href", button.href);
  const features = sectionByHeading(page, headingOf("/training", "featureList"));
  await expect(features.locator("li h3").first()).toBeVisible();
  const topics = sectionByHeading(page, headingOf("/training", "listColumns"));
  const columns = topics.locator("ul");
  await expect(columns.first()).toBeVisible();
  for (const column of await columns.all()) await expect(column.getByRole("listitem").first()).toBeVisible();
  const mail = page.locator('main a[href^="mailto:"]');
  await expect(mail).toBeVisible();
  const address = (await mail.getAttribute("href"))!.slice("mailto:".length);
  await expect(mail).toHaveText(address);
  await quote.click();
  await expect(page).toHaveURL(new RegExp(`${button.href}$`));
});

test.describe("Products", () => {
  test("the product sidebar and a grid of product cards", async ({ page }) => {
    await page.goto("/products");
    await expectProductSidebar(page);
    const grid = page
      .locator("main section ul")
      .filter({ has: page.locator("li h3") })
      .first();
    const cards = grid.getByRole("link");
    await expect(cards.first()).toBeVisible();
    expect(await hrefs(cards)).toEqual(cardHrefs("/products"));
    expect(await texts(grid.locator("h3"))).toEqual(sectionOf("/products", "cardGrid").cards.map((card) => card.title));
  });

  test("on a phone the sidebar does not push the content down", async ({ page, viewport }) => {
    test.skip(!isMobile(viewport?.width), "phones only");
    await page.goto("/products");
    const main = await page.locator("main section").nth(1).boundingBox();
    const sidebar = await page.getByRole("complementary", { name: productSidebar.heading }).boundingBox();
    expect(main!.y).toBeLessThan(sidebar!.y);
  });

  test("a product page's WhatsApp link and sidebar keep a space above the footer", async ({ page }) => {
    await page.goto("/products/plc");
    const footer = (await page.locator("footer").boundingBox())!;
    for (const end of [
      page.getByRole("link", { name: site.contact.whatsapp!.label }).last(),
      page.getByRole("complementary", { name: productSidebar.heading }),
    ]) {
      const box = (await end.boundingBox())!;
      expect(footer.y - (box.y + box.height)).toBeGreaterThanOrEqual(24);
    }
  });

  for (const path of ["/products/plc", "/products/scada", "/products/hmi"]) {
    test(`${path}: description, brand logo grid and the product sidebar`, { tag: "@once" }, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main h2").first()).toBeVisible();
      await expect(page.locator("main section p").first()).toContainText(sectionOf(path, "richText").paragraphs![0]!);
      const logos = sectionByHeading(page, headingOf(path, "logoGrid")).getByRole("listitem").getByRole("img");
      expect(await logos.count()).toBeGreaterThan(0);
      for (const logo of await logos.all()) {
        await expect(logo).toBeVisible();
        expect((await logo.getAttribute("aria-label"))?.length).toBeGreaterThan(1);
      }
      await expectProductSidebar(page, path);
    });
  }

  test("/products/communication: vendors in 2 columns on wide screens, open and close by click and keyboard", async ({ page, viewport }) => {
    await page.goto("/products/communication");
    await expectProductSidebar(page, "/products/communication");
    const section = sectionByHeading(page, headingOf("/products/communication", "accordion"));
    const summaries = section.locator("details > summary");
    await expect(summaries.first()).toBeVisible();
    const names = await texts(summaries);
    expect(new Set(names).size).toBe(names.length);
    expect(await columnCount(summaries)).toBe(Math.min(names.length, isMobile(viewport?.width) ? 1 : 2));

    // Click opens and shows protocol types and device families; a second click closes.
    const first = section.locator("details").first();
    const panel = first.locator("summary + *");
    await expect(panel).toBeHidden();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(panel.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expect(panel.getByRole("listitem").first()).toBeVisible();
    await first.locator("summary").click();
    await expect(first).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();

    // Keyboard: Enter opens, Space closes.
    const second = section.locator("details").nth(1);
    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("open", "");
    await expect(second.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await page.keyboard.press("Space");
    await expect(second).not.toHaveAttribute("open");
  });

  test("/products/data-analytics: description and tool logos, each named once", { tag: "@once" }, async ({ page }) => {
    await page.goto("/products/data-analytics");
    await expect(page.locator("main h1")).toHaveText(h1Of("/products/data-analytics"));
    const logos = sectionByHeading(page, headingOf("/products/data-analytics", "logoGrid")).getByRole("listitem").getByRole("img");
    const names = await logos.evaluateAll((all) => all.map((l) => l.getAttribute("aria-label")));
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    await expectProductSidebar(page, "/products/data-analytics");
  });

  test("/products/lariox-solutions: product tiles", { tag: "@once" }, async ({ page }) => {
    await page.goto("/products/lariox-solutions");
    const titles = await texts(page.locator("main section li h3"));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toBe("");
  });

  for (const path of ["/products/lariox-cms", "/products/lariox-ems"]) {
    test(`${path}: a short descriptive page`, { tag: "@once" }, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main h1")).toHaveText(h1Of(path));
      await expect(page.locator("main section p").first()).toBeVisible();
      await expect(page.locator("main section li").first()).toBeVisible();
      await expectProductSidebar(page, path);
    });
  }
});

test.describe("AVEVA", () => {
  test("/avevasolutions: cards to the operations pages", { tag: "@once" }, async ({ page }) => {
    await page.goto("/avevasolutions");
    const links = page
      .locator("main li")
      .getByRole("link")
      .filter({ has: page.locator("h3") });
    expect(await hrefs(links)).toEqual(cardHrefs("/avevasolutions"));
  });

  for (const path of ["/avevasolutions/operations-control", "/avevasolutions/operations-execution", "/avevasolutions/operations-information"]) {
    test(`${path}: text and links to its product pages`, { tag: "@once" }, async ({ page }) => {
      await page.goto(path);
      const prose = sectionByHeading(page, headingOf(path, "richText"));
      await expect(prose).toBeVisible();
      await expect(prose.locator("p").first()).toBeVisible();
      const links = sectionByHeading(page, headingOf(path, "linkList")).getByRole("link");
      const targets = sectionOf(path, "linkList").links.map((link) => link.href);
      expect(await hrefs(links)).toEqual(targets);
      await links.and(page.locator(`[href="${targets.at(-1)}"]`)).click();
      await expect(page).toHaveURL(new RegExp(`${targets.at(-1)}$`));
      await expect(page.locator("main h1")).toBeVisible();
    });
  }

  for (const path of [
    "/aveva/aveva-intouch",
    "/aveva/aveva-edge",
    "/aveva/aveva-system-platform",
    "/aveva/aveva-reports",
    "/aveva/aveva-plant-scada",
    "/aveva/batch-management-system",
    "/aveva/recips-manager-plus",
    "/aveva/aveva-historian",
    "/aveva/aveva-insight",
    "/aveva/aveva-intelligence",
  ]) {
    // The viewer's layout is checked at both widths on the first page; the rest once.
    test(`${path}: a PDF datasheet viewer 1000 px high`, path === "/aveva/aveva-intouch" ? {} : { tag: "@once" }, async ({ page, request, viewport }) => {
      // On a phone the first page shows as a picture instead (tests/e2e/datasheet.spec.ts).
      test.skip((viewport?.width ?? 1440) < 768, "wide screens: a phone shows the first page as a picture");
      await page.goto(path);
      const frame = page.locator("main iframe");
      // The viewer starts when its place scrolls into view (tests/unit/pdf-embed.test.tsx).
      await page.locator(`main a[download][href$=".pdf"]`).first().scrollIntoViewIfNeeded();
      await expect(frame).toHaveCount(1);
      const src = (await frame.getAttribute("src"))!;
      expect(src).toMatch(/^\/assets\/.+\.pdf$/);
      expect((await frame.getAttribute("title"))?.length).toBeGreaterThan(5);
      await frame.scrollIntoViewIfNeeded();
      expect(Math.round((await frame.boundingBox())!.height)).toBe(1000);
      const pdf = await request.get(src);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/);
    });
  }

  test("on a wide screen a datasheet's open link sits level with its download button", async ({ page, viewport }) => {
    test.skip(isMobile(viewport?.width), "wide screens: on a phone the link wraps under the button");
    await page.goto("/aveva/aveva-intouch");
    const download = page.locator(`main a[download][href$=".pdf"]`).first();
    await download.scrollIntoViewIfNeeded();
    const open = page.locator(`main a[target=_blank][href$=".pdf"]:not([download])`).first();
    const middle = async (link: typeof open) => ((b) => b.y + b.height / 2)((await link.boundingBox())!);
    expect(Math.abs((await middle(open)) - (await middle(download)))).toBeLessThan(1);
  });

  test("a datasheet's viewer never starts on a phone, which shows its first page as a picture instead", async ({ page, viewport }) => {
    test.skip(!isMobile(viewport?.width), "phones only: on a wide screen the frame is near the first view");
    const pdfs: string[] = [];
    page.on("request", (r) => r.url().endsWith(".pdf") && pdfs.push(r.url()));
    await page.goto("/aveva/aveva-intouch", { waitUntil: "load" });
    await settled(page);
    const picture = page.locator("main [data-pdf-preview] img");
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await settled(page);
    expect(pdfs).toEqual([]);
  });

  test("MES: datasheets with Download buttons", { tag: "@once" }, async ({ page }) => {
    await page.goto("/aveva/aveva-mes");
    const section = sectionByHeading(page, headingOf("/aveva/aveva-mes", "documentList"));
    const rows = section.getByRole("listitem");
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      const download = row.getByRole("link", { name: /^Download/ });
      await expect(download).toBeVisible();
      expect(await download.getAttribute("href")).toMatch(/^\/assets\/.+\.pdf$/);
    }
  });

  test("Workflow Management: the pptx with a Download button", { tag: "@once" }, async ({ page, request }) => {
    await page.goto("/aveva/workflow-management");
    const download = page
      .locator("main")
      .getByRole("link", { name: /^Download/ })
      .and(page.locator('[href$=".pptx"]'))
      .first();
    await expect(download).toBeVisible();
    const href = (await download.getAttribute("href"))!;
    expect(href).toMatch(/^\/assets\/.+\.pptx$/);
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/vnd.openxmlformats-officedocument.presentationml.presentation");
  });

  test("Historian: links to both pages, the client page is real", { tag: "@once" }, async ({ page }) => {
    await page.goto("/aveva/aveva-historian");
    const main = page.locator("main");
    const hist = main.locator('a[href="/aveva/aveva-historian"]');
    const client = main.locator('a[href="/aveva/aveva-historian-client"]');
    await expect(hist).toBeVisible();
    await expect(client).toBeVisible();
    await client.click();
    await expect(page).toHaveURL(/\/aveva\/aveva-historian-client$/);
    await expect(page.locator("main h1")).toHaveText(h1Of("/aveva/aveva-historian-client"));
    const response = await page.goto("/aveva/aveva-historian-client");
    expect(response?.status()).toBe(200);
  });
});

test.describe("Downloads", () => {
  test("brochure cards, each with a Download link to a PDF under /assets/banners/ in a new tab", { tag: "@once" }, async ({ page }) => {
    await page.goto("/downloads");
    await expect(page.locator("main h1")).toHaveText(h1Of("/downloads"));
    const cards = page.locator("main section ul > li").filter({ has: page.locator("h3") });
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      const link = card.getByRole("link", { name: /^Download/ });
      await expect(link).toBeVisible();
      expect(await link.getAttribute("href")).toMatch(/^\/assets\/banners\/.+\.pdf$/);
      await expect(link).toHaveAttribute("target", "_blank");
    }
  });

  test("the grid has 1 column on phones, 2 at 800 px and 3 on wide screens", async ({ page, viewport }) => {
    await page.goto("/downloads");
    const cards = page.locator("main section ul > li").filter({ has: page.locator("h3") });
    await expect(cards.first()).toBeVisible();
    // Fewer cards than columns fill fewer columns.
    const n = await cards.count();
    expect(await columnCount(cards)).toBe(Math.min(n, isMobile(viewport?.width) ? 1 : 3));
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => columnCount(cards)).toBe(Math.min(n, 2));
  });
});

test.describe("custom cursor", () => {
  const opacity = (page: Page, id: string) =>
    page.evaluate((testId) => {
      const el = document.querySelector<HTMLElement>(`[data-testid=${testId}]`);
      return el ? getComputedStyle(el).opacity : "absent";
    }, id);

  test("desktop: shows on move, grows over a link, hides when the pointer leaves", async ({ page, viewport }) => {
    test.skip(isMobile(viewport?.width), "desktop only");
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(r.url()));
    await page.goto("/about");
    await page.waitForLoadState("load");
    // Its module is fetched at the pointer's first move, and shows at once where the pointer went.
    expect(fetched.filter((url) => url.includes("/cursor-"))).toEqual([]);
    await page.mouse.move(700, 600);
    await expect(page.getByTestId("cursor-inner")).toBeAttached();
    await expect.poll(() => opacity(page, "cursor-inner")).toBe("1");
    const { transform, half } = await page
      .getByTestId("cursor-inner")
      .evaluate((el) => ({ transform: (el as HTMLElement).style.transform, half: (el as HTMLElement).offsetWidth / 2 }));
    expect(transform).toContain(`translate(${700 - half}px, ${600 - half}px)`);
    await page.mouse.move(720, 610);
    await expect.poll(() => opacity(page, "cursor-outer")).toBe("1");
    const outerTransform = () => page.getByTestId("cursor-outer").evaluate((el) => (el as HTMLElement).style.transform);
    expect(await outerTransform()).toContain("scale(1)");

    const link = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: site.navigation.main.find((link) => link.href === "/services")!.label, exact: true });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await expect.poll(outerTransform).toContain("scale(2)");
    await expect.poll(() => page.getByTestId("cursor-inner").evaluate((el) => (el as HTMLElement).style.transform)).toContain("scale(0.7)");

    // The pointer leaves the window.
    await page.evaluate(() => document.documentElement.dispatchEvent(new PointerEvent("pointerleave", { bubbles: false })));
    await expect.poll(() => opacity(page, "cursor-inner")).toBe("0");
    await expect.poll(() => opacity(page, "cursor-outer")).toBe("0");
  });

  test("mobile: never shows, and its code is never fetched", async ({ page, viewport }) => {
    test.skip(!isMobile(viewport?.width), "phones only");
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(r.url()));
    await page.goto("/about");
    await page.mouse.move(100, 300);
    await page.mouse.move(120, 320);
    await settled(page);
    expect(["absent", "0"]).toContain(await opacity(page, "cursor-inner"));
    expect(["absent", "0"]).toContain(await opacity(page, "cursor-outer"));
    expect(fetched.filter((url) => url.includes("/cursor-"))).toEqual([]);
  });
});
