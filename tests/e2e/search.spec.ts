import { axe, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { documentsOf, isSearchable } from "../../src/content/directory.ts";
import { pageAt, pages, sectionOf, site } from "./content.ts";

// The wording and the list's groups, as content/pages/search.yaml and the menus give them.
const words = sectionOf("/search", "search");
const fill = (template: string, query: string) => template.replace("{query}", query);
const historian = pageAt("/aveva/aveva-historian");
const datasheet = documentsOf(historian).find((d) => d.file.endsWith(".pdf"))!;

/** The box, by the label content/pages/search.yaml gives it. */
const box = (page: import("@playwright/test").Page) => page.getByRole("searchbox", { name: /search/i });
const results = (page: import("@playwright/test").Page) => page.locator("main ol > li");
const indexRequests = (page: import("@playwright/test").Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").filter((r) => new URL(r.name).pathname.startsWith("/pagefind/")).length);

test.describe("search, with script", () => {
  test("the header's search link leads to the search page, on every width, without opening the menu", async ({ page, viewport }) => {
    await page.goto("/about");
    const link = page.locator("header").getByRole("link", { name: site.navigation.search!.label });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(box(page)).toBeVisible();
    await expect(page.locator("header").getByRole("link", { name: site.navigation.search!.label })).toHaveAttribute("aria-current", "page");
    if (isMobile(viewport?.width)) await expect(menuToggle(page, "Open menu")).toBeVisible();
  });

  test("nothing of the index is fetched until the visitor searches; results follow the typing, named, highlighted and announced", async ({ page }) => {
    await page.goto("/search");
    expect(await indexRequests(page)).toBe(0);
    await box(page).fill("deadband");
    // A word only the historian's datasheet holds: the PDF itself, by its document name, with the page that shows it.
    const first = results(page).first();
    await expect(first.getByRole("link").first()).toHaveAttribute("href", datasheet.file);
    await expect(first.getByRole("link").first()).toContainText(datasheet.name);
    await expect(first.locator("mark").first()).toHaveText(/deadband/i);
    await expect(first.getByRole("link", { name: historian.title, exact: true })).toHaveAttribute("href", historian.path);
    await expect(page.getByRole("status")).toContainText("deadband");
    expect(await indexRequests(page)).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\?q=deadband$/);

    await box(page).fill("InTouch");
    await expect(page.getByRole("status")).toContainText(
      fill(words.results, "InTouch")
        .replace(/^\{count\}/, "")
        .trim(),
    );
    await expect(results(page).first().getByRole("link").first()).toHaveAttribute("href", /intouch/i);
    await expect(results(page).first().locator("mark").first()).toHaveText(/intouch/i);

    await box(page).fill("OPC UA");
    const status = page.getByRole("status");
    await expect(status).toContainText(
      fill(words.results, "OPC UA")
        .replace(/^\{count\}/, "")
        .trim(),
    );
    const topThree = () =>
      results(page)
        .locator("> p:first-child > a")
        .evaluateAll((links) => links.slice(0, 3).map((a) => a.getAttribute("href")));
    await expect.poll(topThree).toContain("/products/communication");
    // The first results come at once, the rest of the first ten right after them: ten, or as many as were found.
    const found = Number(/\d+/.exec((await status.textContent()) ?? "")?.[0]);
    expect(found).toBeGreaterThan(3);
    await expect(results(page)).toHaveCount(Math.min(10, found));

    const scan = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);

    // Emptied, the box gives the list of everything back.
    await box(page).fill("");
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: words.listHeading })).toBeVisible();
  });

  test("a query in the address is searched as the page wakes; nothing matching says so", async ({ page }) => {
    await page.goto("/search?q=zzzqqxnothing");
    await expect(box(page)).toHaveValue("zzzqqxnothing");
    await expect(page.getByRole("status")).toContainText(fill(words.noResults, "zzzqqxnothing").split(".")[0]!);
    await expect(page.getByRole("heading", { name: words.listHeading })).toBeVisible();
  });

  test("only the search page may run WebAssembly, and no page may eval @once", async ({ request }) => {
    const policy = async (path: string) => (await request.get(path)).headers()["content-security-policy"]!;
    expect(await policy("/search")).toContain("'wasm-unsafe-eval'");
    for (const path of ["/", "/about", "/pagefind/pagefind.js"]) expect(await policy(path), path).not.toContain("wasm-unsafe-eval");
    for (const path of ["/search", "/"]) expect(await policy(path), path).not.toContain("'unsafe-eval'");
  });
});

test.describe("search, without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the page lists every page and document, grouped as the menus group them, and hides the box that could not search", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("searchbox")).toBeHidden();
    const main = page.locator("main");
    for (const group of [words.mainGroup, ...site.navigation.menus.map((menu) => menu.label)])
      await expect(main.getByRole("heading", { name: group, exact: true })).toBeVisible();
    const hrefs = new Set(await main.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))));
    for (const route of pages.filter(isSearchable).map((p) => p.path)) expect(hrefs, route).toContain(route);
    // Every document a page offers is listed, with the page.
    await page.goto("/downloads");
    const brochures = await page.locator("main a[href$='.pdf']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    await page.goto("/search");
    for (const file of brochures) expect(hrefs, file!).toContain(file);
    const entry = main.getByRole("listitem").filter({ has: page.locator(`> a[href='${historian.path}']`) });
    await expect(entry.locator("a[href$='.pdf']")).toHaveAttribute("href", datasheet.file);
  });
});
