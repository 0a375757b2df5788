/**
 * On a 390 px phone, in the build's /admin with Decap's local backend on a copy of the site whose
 * main has a bare repository as its remote (editor-backend.ts): a save is a version at once, so
 * Undo right after it takes two clicks (History, then Restore on the version the save replaced),
 * and Publish alone puts a change on the remote's main, where the Deploy workflow's content check
 * (npm run validate) passes on it. Screenshots go to SHOTS_DIR when it is set.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { freePort } from "../server/helpers.ts";
import { routeEditorTo, startEditorBackend, type EditorBackend } from "./editor-backend.ts";

let backend: EditorBackend;
// A save is a commit and a publish a push, with Decap's long redraw on a busy machine: each waits for its notice.
const expect = baseExpect.configure({ timeout: 60_000 });
const shots = process.env.SHOTS_DIR;

const file = (name: string) => readFileSync(join(backend.root, name), "utf8");
const onRemote = (name: string) => execFileSync("git", ["-C", backend.remote!, "show", `main:${name}`], { encoding: "utf8" });
const gitRemote = (...args: string[]) => execFileSync("git", ["-C", backend.root, ...args], { encoding: "utf8" }).trim();

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Opens the editor at `hash`, talking to this test's backend (its own port). */
async function openEditor(page: Page, hash: string): Promise<void> {
  await routeEditorTo(page, backend);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`/admin/${hash}`);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Publish › Publish now; then the editor's word on what became of it (live-notice.ts). */
async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}
const publishNotice = (page: Page) => page.locator("[data-lariox-publish]");

test.describe("undo and publish on a phone, with the local backend @once", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    backend = await startEditorBackend({ port: await freePort(), remote: true });
  });
  test.afterAll(() => backend?.close());

  test("Undo right after a save brings back the previous text in two clicks", async ({ page }) => {
    const saved = "content/pages/about.yaml";
    const original = file(saved);
    const summary = (parse(original) as { description: string }).description;
    // History quotes a text whole up to 160 characters.
    expect(summary.length).toBeLessThanOrEqual(160);
    const wrong = "A wrong summary, typed over the right one by mistake and saved at once.";
    await openEditor(page, "#/collections/pages/entries/about");
    await field(page, "Summary for search engines").fill(wrong);
    await publish(page);
    await expect(publishNotice(page)).toHaveAttribute("data-lariox-publish", "pushed");
    expect((parse(file(saved)) as { description: string }).description).toBe(wrong);
    // Saved as a version, named in words.
    expect(gitRemote("log", "-1", "--format=%s")).toBe("Changed the About page: summary for search engines");

    // Undo, without leaving the page: History, then Restore on the version the save replaced.
    await page.getByRole("button", { name: "History" }).click();
    const history = page.locator("dialog[data-lariox-history]");
    // The save's note goes once History opens over the screen it spoke of: it would cover the list.
    await expect(history).toBeVisible();
    await expect(publishNotice(page)).toHaveCount(0);
    const replaced = history.locator("ol > li").filter({ hasText: "Before the last save" });
    await expect(history.locator("ol > li").first()).toContainText("This is the version saved now.");
    await expect(history.locator("ol > li").first()).toContainText("Changed the About page: summary for search engines");
    await expect(history.locator("ol > li").first()).toContainText(`Summary for search engines: “${summary}” → “${wrong}”`);
    await expect(replaced).toHaveCount(1);
    await shot(page, "history-after-save");
    await replaced.getByRole("button", { name: "Restore this version" }).click();
    await expect(field(page, "Summary for search engines")).toHaveValue(summary);

    // The difference in the site's words: the field's label, the text now and the text brought back; no YAML.
    const notice = page.locator('[data-lariox-notice="info"]');
    await expect(notice).toContainText(`Summary for search engines: “${wrong}” → “${summary}”`);
    await expect(notice).not.toContainText(">-");
    await shot(page, "restore-difference");

    await publish(page);
    await expect(publishNotice(page)).toHaveAttribute("data-lariox-publish", "pushed");
    expect(file(saved)).toBe(original);
    expect(onRemote(saved)).toBe(original);
  });

  test("Publish alone puts a change on the remote's main, where the Deploy workflow's content check passes", async ({ page }) => {
    const saved = "content/pages/services.yaml";
    const title = "Automation and software services";
    await openEditor(page, "#/collections/pages/entries/services");
    await field(page, "Page name").fill(title);
    await publish(page);
    const notice = publishNotice(page);
    await expect(notice).toHaveAttribute("data-lariox-publish", "pushed");
    await expect(notice).toContainText("Published and sent to the company's repository: the deploy has started.");
    await expect(notice).toContainText(/shows it in about \d+ minutes, by \d\d:\d\d, at /);
    await shot(page, "publish-message");
    expect((parse(onRemote(saved)) as { title: string }).title).toBe(title);
    expect(gitRemote("rev-parse", "main")).toBe(execFileSync("git", ["-C", backend.remote!, "rev-parse", "main"], { encoding: "utf8" }).trim());
    const check = backend.remoteContentCheck();
    expect(check.output).toContain("content ok");
    expect(check.status, check.output).toBe(0);

    // Without a remote: saved here, and a plain sentence of what to ask for.
    gitRemote("remote", "remove", "origin");
    await field(page, "Page name").fill(`${title}, Surat`);
    await publish(page);
    await expect(notice).toHaveAttribute("data-lariox-publish", "no-remote");
    await expect(notice).toContainText(
      "It is not live yet: this copy of the site is not connected to the company's repository. Ask the person who looks after the site's code to connect it",
    );
    await shot(page, "publish-no-remote");
  });
});
