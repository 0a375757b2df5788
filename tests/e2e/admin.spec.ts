/**
 * The visual editor (/admin, the build's own, under its own policy) in Chromium, saving through
 * Decap's local backend into a copy of the project (editor-backend.ts): what an editor does, and
 * what lands in the files and in a build of them.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { loadContent } from "../../src/content/load.ts";
import { startEditorBackend, type EditorBackend } from "./editor-backend.ts";

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

/** Saves the entry: on the local backend there is no review step, "Publish now" writes the file. */
async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

async function addSection(page: Page, type: string): Promise<void> {
  await page.getByRole("button", { name: "Add sections" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
}

/** The text of a rendered page's sections, whitespace collapsed. */
const textOf = (html: string) => html.replace(/\s+/g, " ").trim();

test.describe("the visual editor @once", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(90_000);

  test.beforeAll(async () => {
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
      const built = textOf(await page.locator("main").innerText());
      await openEditor(page, `#/collections/pages/entries/${path.slice(1)}`);
      const preview = page.frameLocator("#preview-pane").locator("main");
      await expect.poll(async () => textOf(await preview.innerText()), { message: path }).toBe(built);
    }
  });

  test("a changed heading is saved as a one-line diff", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    await field(page, "Heading").first().fill("About Lariox Automation");
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    await expect.poll(() => file("content/pages/about.yaml")).not.toBe(before);
    expect(changedLines(before, file("content/pages/about.yaml"))).toEqual(["    heading: About Lariox Automation"]);
  });

  test("an empty required field and a malformed path are refused at their fields, and nothing is written", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    await field(page, "Heading").first().fill("");
    await field(page, "Route path").fill("about us");
    await publish(page);
    await expect(page.getByText("Heading is required.")).toBeVisible();
    await expect(page.getByText("Should be a path like /products/plc.")).toBeVisible();
    await expect(page.getByRole("alert").first()).toContainText("missed a required field");
    expect(file("content/pages/about.yaml")).toBe(before);
  });

  test("a link to a missing page is refused with the reason, and nothing is written", async ({ page }) => {
    const before = file("content/pages/about.yaml");
    await openEditor(page, "#/collections/pages/entries/about");
    // The first card links to a product page; point it at a page that does not exist.
    await page.locator('[id^="href-field-"]').first().fill("/no-such-page");
    await publish(page);
    // At the field, naming it as the form labels it, and in the notice.
    const note = page.locator("[data-lariox-error]");
    await expect(note).toHaveText(/^Sections › \d+ › Cards › 1 › Card link: link "\/no-such-page" leads to no page or redirect/);
    await expect(page.getByText(/Failed to persist entry: .*not saved/)).toBeVisible();
    expect(file("content/pages/about.yaml")).toBe(before);
  });

  test("a new page with three sections and an uploaded picture is saved as a valid file", async ({ page }) => {
    await openEditor(page, "#/collections/pages/new");
    await field(page, "Route path").fill("/services/commissioning");
    await field(page, "Page name").fill("Commissioning");
    await field(page, "Meta description").fill("On-site commissioning of PLC, SCADA and HMI systems by Lariox Automation engineers.");
    await addSection(page, "Banner");
    await page.getByRole("button", { name: "Choose an image" }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "commissioning.jpg", mimeType: "image/jpeg", buffer: readFileSync("public/assets/banners/about.jpg") });
    await page.getByRole("button", { name: "Choose selected" }).click();
    await field(page, "Heading").fill("Commissioning");
    await addSection(page, "Rich Text");
    await page.getByRole("button", { name: "Add paragraphs" }).click();
    await page.locator('[id^="paragraph-field-"]').fill("We commission PLC, SCADA and HMI systems on site, together with your operators.");
    await addSection(page, "Contact Block");
    await field(page, "Heading").last().fill("Plan your commissioning");
    await field(page, "Link text").fill("Request a quote");
    await field(page, "Link target").fill("/contact");
    // The preview draws the new page as it is being written.
    await expect(page.frameLocator("#preview-pane").getByRole("heading", { name: "Plan your commissioning" })).toBeVisible();
    await publish(page);
    await expect(page.getByText("Entry saved")).toBeVisible();
    const saved = "content/pages/commissioning.yaml";
    expect(parse(file(saved))).toMatchObject({
      path: "/services/commissioning",
      sections: [
        { type: "banner", image: "/assets/uploads/commissioning.jpg", heading: "Commissioning" },
        { type: "richText", paragraphs: [expect.stringContaining("We commission")] },
        { type: "contactBlock", link: { label: "Request a quote", href: "/contact" } },
      ],
    });
    expect(file(saved).split("\n")[0]).toBe("# yaml-language-server: $schema=../../schema/page.schema.json");
    expect(readFileSync(join(backend.root, "public/assets/uploads/commissioning.jpg"))).toEqual(readFileSync("public/assets/banners/about.jpg"));
    expect(loadContent(backend.root).errors).toEqual([]);
  });

  test("the build of the edited files shows the new heading, builds the new route and the picture's variants", async () => {
    test.setTimeout(180_000);
    await backend.build();
    const dist = join(backend.root, "dist");
    expect(readFileSync(join(dist, "about/index.html"), "utf8")).toContain("About Lariox Automation");
    const added = readFileSync(join(dist, "services/commissioning/index.html"), "utf8");
    expect(added).toContain("Plan your commissioning");
    const variants = readdirSync(join(dist, "assets/img")).filter((name) => name.startsWith("commissioning."));
    // WebP and JPEG in several widths (AVIF too where it pays: src/content/images.ts).
    expect(variants.filter((name) => name.endsWith(".webp")).length).toBeGreaterThan(1);
    expect(variants.some((name) => name.endsWith(".jpg"))).toBe(true);
    expect(variants.filter((name) => added.includes(name)).length).toBeGreaterThan(0);
  });
});
