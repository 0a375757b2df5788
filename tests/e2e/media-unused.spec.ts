/**
 * The Media dialog marks the files nothing uses and removes one through the same check as every
 * delete (src/admin/media-unused.ts), in the build's /admin saving into a copy of the project
 * (editor-backend.ts): a replaced datasheet is marked and can go; one a page uses is not marked,
 * and deleting it is refused with the places that use it.
 */
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { expect as baseExpect, test, type Page, type Route } from "@playwright/test";
import { loadContent } from "../../src/content/loaders/load.ts";
import { freePort } from "../server/helpers.ts";
import { routeEditorTo, startEditorBackend, type EditorBackend } from "./editor-backend.ts";

// Decap loads the library in one long task on a busy machine: each step waits longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.SHOTS_DIR;

let backend: EditorBackend;
let used: string;
/** The datasheet it replaced, left in the folder beside it. */
let UNUSED: string;

/** The library's card for the file listed as `name` (its folder and file name). */
const card = (page: Page, name: string) =>
  page.locator('[class*="-CardText"]', { hasText: new RegExp(`^${name.replace(/[.]/g, "\\.")}$`) }).locator("xpath=..");

async function openMedia(page: Page): Promise<void> {
  await routeEditorTo(page, backend);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto("/admin/#/collections/pages");
  await page.getByText("Media", { exact: true }).click();
  // The used datasheet and the one it replaced, side by side.
  await page.getByPlaceholder("Search...").fill(used.replace(/\.pdf$/, ""));
}

test.describe("the media library's unused files @once", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(90_000);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    backend = await startEditorBackend({ port: await freePort() });
    // A datasheet replaced by another: its file stays in the folder, no page links to it.
    const pages = JSON.stringify(loadContent(backend.root).content!.pages.map((p) => p.page));
    used = /"\/assets\/(datasheets\/[^"]+\.pdf)"/.exec(pages)![1]!;
    UNUSED = used.replace(/\.pdf$/, "-2019.pdf");
    copyFileSync(join(backend.root, "public/assets", used), join(backend.root, "public/assets", UNUSED));
  });
  test.afterAll(() => backend?.close());

  for (const width of [1440, 390]) {
    test(`marks a file nothing uses, and not one a page uses, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openMedia(page);
      const unused = card(page, UNUSED);
      await expect(unused.getByText("Not used on any page", { exact: true })).toBeVisible();
      await expect(unused.getByRole("button", { name: `Remove ${UNUSED}, not used on any page` })).toBeVisible();
      await expect(card(page, used)).toBeVisible();
      await expect(card(page, used).locator("[data-lariox-unused]")).toHaveCount(0);
      await expect(page.locator("[data-lariox-unused-line]")).toHaveText(
        /^(One file in the library is|\d+ files in the library are) not used on any page \(marked “Not used on any page”\)/,
      );
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `media-unused-${width}.png`) });
    });
  }

  test("removes the unused file, and refuses to delete a used one with the places that use it", async ({ page }) => {
    await openMedia(page);
    const line = page.locator("[data-lariox-unused-line]");
    await expect(card(page, UNUSED).locator("[data-lariox-unused]")).toBeVisible();
    /** The count the line gives: none without a line, one in words. */
    const count = async () => {
      if ((await line.count()) === 0) return 0;
      const many = /^(\d+) files/.exec((await line.textContent()) ?? "");
      return many ? Number(many[1]) : 1;
    };
    const before = await count();
    await card(page, UNUSED)
      .getByRole("button", { name: /^Remove / })
      .click();
    await expect(card(page, UNUSED)).toHaveCount(0);
    expect(existsSync(join(backend.root, "public/assets", UNUSED))).toBe(false);
    await expect.poll(count).toBe(before - 1);
    // A used file: no mark, and Decap's own delete is refused like any other.
    await card(page, used).click();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const refusal = page.locator('[data-lariox-notice="refusal"]');
    await expect(refusal.locator("p")).toHaveText(/^Not deleted: (one place uses|\d+ places use) it\. Change (that place|those places) first, then delete\.$/);
    await expect(refusal.getByRole("listitem").first()).toHaveText(/^The page “[^”]+” uses this file \(.+\)\.$/);
    expect(existsSync(join(backend.root, "public/assets", used))).toBe(true);
  });

  test("Remove is checked again: a file the site uses by the time it is clicked is not deleted", async ({ page }) => {
    // The site as it was when the dialog opened: no page used the datasheet yet (the index the editor fetches).
    const before = async (route: Route) => {
      const text = await (await route.fetch()).text();
      await route.fulfill({ contentType: "application/json", body: text.replaceAll(`"/assets/${used}"`, '"/assets/logo.svg"') });
    };
    await page.route("**/admin/site-index.json", before);
    await openMedia(page);
    const remove = card(page, used).getByRole("button", { name: /^Remove / });
    await expect(remove).toBeVisible();
    // Now a page uses it again: the delete's own check reads the site as it is.
    await page.unroute("**/admin/site-index.json", before);
    await remove.click();
    const refusal = page.locator('[data-lariox-notice="refusal"]');
    await expect(refusal.getByRole("listitem").first()).toHaveText(/^The page “[^”]+” uses this file \(.+\)\.$/);
    expect(existsSync(join(backend.root, "public/assets", used))).toBe(true);
  });
});
