/**
 * From a draft to main, as the company's editors work on GitHub, but on a real git repository here:
 * the build's /admin (under its own policy) with Decap's local backend in git mode (git-backend.ts).
 * A saved draft is a branch and main is untouched; "In review" and "Ready" are the branch's status;
 * CI's content check (npm run validate) runs on the branch; "Publish now" merges it into main.
 * The check can fail: a branch with a broken page (a change made outside the editor) is refused.
 */
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { startGitBackend, type GitBackend } from "./git-backend.ts";

let backend: GitBackend;

/** The editor's requests for the local backend's fixed address go to this test's backend. */
async function openEditor(page: Page, hash: string): Promise<void> {
  await page.route("http://localhost:8081/api/v1**", async (route) => {
    const url = route.request().url().replace("http://localhost:8081/api/v1", backend.url);
    for (let attempt = 1; ; attempt++) {
      try {
        await route.fulfill({ response: await route.fetch({ url }) });
        return;
      } catch (error) {
        // A kept-alive connection decap-server closed just as it was reused: once more, on a new one.
        if (attempt === 1 && /ECONNRESET|socket hang up/.test(String(error))) continue;
        // Otherwise the page has moved on (or the test ended): nobody waits for the answer.
        await route.abort().catch(() => {});
        return;
      }
    }
  });
  // Publishing asks first.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`/admin/${hash}`);
}

const fileOn = (branch: string, file: string) => backend.git("show", `${branch}:${file}`);
const status = (branch: string) => backend.git("config", `branch.${branch}.description`).trim();

test.describe("the editorial workflow on a git repository @once", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    backend = await startGitBackend();
  });
  test.afterAll(() => backend?.close());

  test("a draft is a branch, goes through review, passes CI's content check there, and publishing merges it into main", async ({ page }) => {
    const file = "content/pages/about.yaml";
    const before = fileOn("main", file);
    const title = "About Lariox Automation, Surat";
    expect((parse(before) as { title: string }).title).not.toBe(title);

    await openEditor(page, "#/collections/pages/entries/about");
    // The page's own title: the first field named `title` (Decap's ids are <name>-field-<n>).
    await page.locator('[id^="title-field-"]').first().fill(title);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Entry saved")).toBeVisible();

    // A draft: its own branch, main unchanged.
    const branch = "cms/pages/about";
    expect(backend.branches()).toEqual([branch, "main"]);
    expect((parse(fileOn(branch, file)) as { title: string }).title).toBe(title);
    expect(fileOn("main", file)).toBe(before);
    expect(status(branch)).toBe("decap-cms/draft");
    // The whole change is the one line.
    expect(backend.git("diff", "--stat", "main", branch).trim().split("\n").at(-1)).toMatch(/1 file changed, 1 insertion\(\+\), 1 deletion\(-\)/);

    // CI's content check on the editor's branch.
    const check = backend.contentCheck(branch);
    expect(check.output).toContain("content ok");
    expect(check.status).toBe(0);

    for (const [label, saved] of [
      ["In review", "decap-cms/pending_review"],
      ["Ready", "decap-cms/pending_publish"],
    ] as const) {
      await page.getByRole("button", { name: /^Status: / }).click();
      await page.getByRole("menuitem", { name: label, exact: true }).click();
      await expect(page.getByText("Entry status updated").first()).toBeVisible();
      await expect.poll(() => status(branch)).toBe(saved);
      expect(fileOn("main", file)).toBe(before);
    }

    // The workflow board shows it ready to go live.
    await page.goto("/admin/#/workflow");
    await expect(page.getByText(/1 ready to go live/)).toBeVisible();

    await page.goto("/admin/#/collections/pages/entries/about");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();
    await expect(page.getByText("Entry published")).toBeVisible();
    // Merged into main; the draft's branch is gone.
    await expect.poll(() => backend.branches()).toEqual(["main"]);
    expect((parse(fileOn("main", file)) as { title: string }).title).toBe(title);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    const mainCheck = backend.contentCheck("main");
    expect(mainCheck.status, mainCheck.output).toBe(0);
  });

  test("CI's content check refuses a draft branch with a broken page, and main stays as it was", () => {
    // A change the editor's own checks never saw (made in GitHub's file editor, say): a menu link to a missing page.
    const branch = "cms/site/site";
    const site = fileOn("main", "content/site.yaml");
    backend.pushElsewhere(branch, "content/site.yaml", site.replace(/href: \/[a-z][a-z-]*/, "href: /no-such-page"));
    const check = backend.contentCheck(branch);
    expect(check.status).not.toBe(0);
    expect(check.output).toMatch(/content\/site\.yaml:\d+:\d+ .*no-such-page/);
    expect(backend.contentCheck("main").status).toBe(0);
  });
});
