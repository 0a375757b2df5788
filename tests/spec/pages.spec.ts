import type { Locator, Page } from "@playwright/test";
import { SPEC_ROUTES, expect, test } from "../e2e/fixtures.ts";

/**
 * The product spec's own texts and counts (the spec, sections 2 and 9), on the real content as built.
 * Each test quotes the spec line it checks. `npm run check:spec` runs this suite; `npm test` does
 * not (see playwright.spec.config.ts): behaviour is tested on any content in tests/e2e.
 */
const requirement = (section: string, quote: string, body: (args: { page: Page }) => Promise<void>) =>
  test(`${section}: “${quote}”`, { annotation: { type: "spec", description: quote } }, async ({ page }) => body({ page }));

const sectionByHeading = (page: Page, name: string | RegExp) =>
  page
    .locator("main section")
    .filter({ has: page.getByRole("heading", { level: 2, name }) })
    .first();
const hrefs = (links: Locator) => links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
const texts = (els: Locator) => els.evaluateAll((es) => es.map((e) => (e.textContent ?? "").trim()));

requirement("§2 Route list", "All routes are public.", async ({ page }) => {
  for (const route of SPEC_ROUTES) expect((await page.request.get(route)).status(), route).toBe(200);
  // Every one reachable by links: the list of every page (the search page without script) names each.
  await page.goto("/search");
  const listed = new Set(await hrefs(page.locator("main a")));
  expect(SPEC_ROUTES.filter((route) => !listed.has(route))).toEqual([]);
  expect(SPEC_ROUTES.length).toBeGreaterThanOrEqual(32);
});

requirement("§2 Navigation bar", "Aveva Solutions menu: /avevasolutions (All Aveva Solutions) with three groups", async ({ page }) => {
  await page.goto("/");
  const summaries = await texts(page.locator("header nav summary"));
  for (const name of ["All Products", "Aveva Solutions"])
    expect(
      summaries.some((s) => s.includes(name)),
      name,
    ).toBe(true);
  // The menus' links are in the page whether their menu is open or not.
  const links = await texts(page.locator("header nav a"));
  expect(links).toEqual(expect.arrayContaining(["All Aveva Solutions", "Operations Control", "Operations Execution", "Operations Information"]));
});

requirement(
  "§2 Home",
  "Our Solutions grid of 9 cards: PLC & IO Modules -> /products/plc; HMI Solutions -> /products/Hmi; SCADA Softwares -> /products/scada",
  async ({ page }) => {
    await page.goto("/");
    const grid = sectionByHeading(page, "Our Solutions");
    expect(await texts(grid.locator("li h3"))).toEqual([
      "PLC & IO Modules",
      "HMI Solutions",
      "SCADA Softwares",
      "Communication",
      "Data & Analytics",
      "Cloud Services",
      "Drivers & Interfaces",
      "Software Development",
      "Customized Softwares",
    ]);
    const links = await hrefs(grid.getByRole("link"));
    expect(links).toEqual(expect.arrayContaining(["/products/plc", "/products/Hmi", "/products/scada", "/products/Data-Analytics"]));
  },
);

requirement("§2 Home", "a typed looping tagline and a Request a Quote button to /contact", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('main [aria-roledescription="carousel"]').getByRole("link", { name: "Request a Quote", exact: true })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(sectionByHeading(page, "Contact Us").getByRole("link", { name: "Request a quote", exact: true })).toHaveAttribute("href", "/contact");
});

requirement(
  "§2 About",
  "company description (industrial automation company based in Surat, Gujarat); mission; vision; 5 clickable solution cards",
  async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("main")).toContainText("industrial automation company based in Surat, Gujarat");
    for (const name of ["Our Mission", "Our Vision"]) await expect(page.locator("main li h3").filter({ hasText: name })).toHaveCount(1);
    expect(await hrefs(sectionByHeading(page, "Our Solutions").getByRole("link"))).toEqual([
      "/products/plc",
      "/products/scada",
      "/products/hmi",
      "/products/communication",
      "/products/data-analytics",
    ]);
  },
);

requirement("§2 Services", "two lists, 9 automation services and 7 software services, each with a Request a Quote button to /contact", async ({ page }) => {
  await page.goto("/services");
  for (const [heading, count] of [
    ["Automation Services", 9],
    ["Software Services", 7],
  ] as const) {
    const section = sectionByHeading(page, heading);
    await expect(section.locator("li h3")).toHaveCount(count);
    await expect(section.getByRole("link", { name: "Request a Quote", exact: true })).toHaveAttribute("href", "/contact");
  }
});

requirement(
  "§2 Training",
  "Get Training Quote button to /contact; three feature blocks (experienced trainer, certified trainers, competitive pricing); two columns of 7 AVEVA product training topics each",
  async ({ page }) => {
    await page.goto("/training");
    await expect(page.getByRole("link", { name: "Get Training Quote", exact: true }).first()).toHaveAttribute("href", "/contact");
    await expect(sectionByHeading(page, "Why train with us").locator("li h3")).toHaveCount(3);
    const columns = sectionByHeading(page, "AVEVA product training").locator("ul");
    await expect(columns).toHaveCount(2);
    for (const column of await columns.all()) await expect(column.getByRole("listitem")).toHaveCount(7);
  },
);

requirement("§2 Products", "left sidebar listing 7 products", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("complementary", { name: "Our Products" }).getByRole("link")).toHaveCount(7);
});

requirement("§2 Downloads (Document Archive)", "10 brochure cards", async ({ page }) => {
  await page.goto("/downloads");
  await expect(page.locator("main h1")).toHaveText("Document Archive");
  await expect(page.locator("main section ul > li").filter({ has: page.locator("h3") })).toHaveCount(10);
});

for (const [path, quote, headline, targets] of [
  [
    "/avevasolutions/operations-control",
    "Operations Control**: text and links to the five product pages",
    /./,
    ["/aveva/aveva-intouch", "/aveva/aveva-edge", "/aveva/aveva-system-platform", "/aveva/aveva-reports", "/aveva/aveva-plant-scada"],
  ],
  [
    "/avevasolutions/operations-execution",
    "headline about optimising profitability, quality and compliance of manufacturing operations",
    /profitability, quality and compliance/i,
    ["/aveva/aveva-mes", "/aveva/batch-management-system", "/aveva/recips-manager-plus", "/aveva/workflow-management"],
  ],
  [
    "/avevasolutions/operations-information",
    "headline about quick access to trusted information; three paragraphs; links to historian, insight and intelligence",
    /quick access to trusted information/i,
    ["/aveva/aveva-historian", "/aveva/aveva-insight", "/aveva/aveva-intelligence"],
  ],
] as const) {
  requirement(`§2 ${path}`, quote, async ({ page }) => {
    await page.goto(path);
    await expect(sectionByHeading(page, headline)).toBeVisible();
    expect(
      await hrefs(
        page
          .locator("main section")
          .filter({ has: page.getByRole("heading", { name: /products$/ }) })
          .getByRole("link"),
      ),
    ).toEqual([...targets]);
  });
}

requirement(
  "§2 MES",
  "describes an MES made of Operations, Performance and Quality, with the former name noted; three datasheet PDF links",
  async ({ page }) => {
    await page.goto("/aveva/aveva-mes");
    for (const word of ["Operations", "Performance", "Quality", "formerly"]) await expect(page.locator("main")).toContainText(word);
    await expect(sectionByHeading(page, /datasheets/).getByRole("link", { name: /^Download/ })).toHaveCount(3);
  },
);

requirement("§2 Workflow Management", "(AVEVA Work Tasks, formerly Workflow Management)", async ({ page }) => {
  await page.goto("/aveva/workflow-management");
  await expect(page.locator("main")).toContainText("AVEVA Work Tasks");
});

requirement("§2 Historian", "describes the Historian, the Historian Client and the Historian Client Web browser client", async ({ page }) => {
  await page.goto("/aveva/aveva-historian");
  for (const name of ["Historian Client", "Historian Client Web"]) await expect(page.locator("main")).toContainText(name);
  await page.goto("/aveva/aveva-historian-client");
  await expect(page.locator("main h1")).toHaveText("AVEVA Historian Client");
});
