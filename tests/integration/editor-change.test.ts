import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { parseDocument } from "yaml";
import escapeRegExp from "escape-string-regexp";
import { copyProject } from "../../scripts/lib/project-copy.ts";
import { E2E_DIST, SITE_FIXTURE } from "../site-fixture.ts";

/**
 * An editor's ordinary change must not hold back a deploy: in a copy of the project, the tests' site
 * (tests/site-fixture.ts) has a heading changed, a card removed and a menu (and one of its groups)
 * renamed, as an editor would change content/; the copy is built, and the page, crawl and search
 * suites run on that build (desktop only, to keep it short). They read what they expect from the
 * content (tests/e2e/content.ts), so they stay green.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "editor-change-"));
/** The tests' site in the copy. */
const site = join(dir, relative(process.cwd(), SITE_FIXTURE));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Edits one YAML file of the copy as the editor would save it: comments and layout kept. */
function editYaml(file: string, edit: (doc: ReturnType<typeof parseDocument>) => void): void {
  const path = join(site, file);
  const doc = parseDocument(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, doc.toString());
}

const HEADING = "What we build for your plant";
const MENU = "AVEVA Software Suite";
const GROUP = "Control and Visualisation";

it("the page, crawl and search suites pass on a build whose heading, cards and menu labels an editor changed", async () => {
  copyProject(process.cwd(), dir);

  let removedCard = "";
  let oldHeading = "";
  editYaml("content/pages/home.yaml", (doc) => {
    const sections = doc.get("sections") as { items: Array<{ get(key: string): unknown }> };
    const grid = sections.items.findIndex((s) => s.get("type") === "cardGrid");
    oldHeading = String(doc.getIn(["sections", grid, "heading"]));
    doc.setIn(["sections", grid, "heading"], HEADING);
    removedCard = String(doc.getIn(["sections", grid, "cards", 0, "title"]));
    doc.deleteIn(["sections", grid, "cards", 0]);
  });
  editYaml("content/site.yaml", (doc) => {
    const menus = doc.getIn(["navigation", "menus"]) as { items: Array<{ getIn(path: string[]): unknown }> };
    const aveva = menus.items.findIndex((m) => m.getIn(["overview", "href"]) === "/avevasolutions");
    doc.setIn(["navigation", "menus", aveva, "label"], MENU);
    doc.setIn(["navigation", "menus", aveva, "items", 0, "label"], GROUP);
  });

  const env = {
    ...process.env,
    CONTENT_ROOT: site,
    DIST_DIR: E2E_DIST,
    SSR_DIR: join(E2E_DIST, "../dist-ssr"),
    SKIP_ADMIN: "1",
    E2E_PORT: "4391",
    E2E_DATA_DIR: ".tmp/e2e-data",
  };
  await run("npx", ["tsx", "scripts/build/build.ts"], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });

  // The change is in the build: the suites below run on the edited site, not today's.
  const home = readFileSync(join(dir, E2E_DIST, "index.html"), "utf8");
  expect(home).toContain(HEADING);
  expect(home).toContain(MENU);
  expect(home).toContain(GROUP);
  const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  expect(home).not.toMatch(new RegExp(`<h2[^>]*>${escapeRegExp(html(oldHeading))}</h2>`));
  expect(home).not.toMatch(new RegExp(`<h3[^>]*>${escapeRegExp(html(removedCard))}</h3>`));

  const suites = ["tests/e2e/pages.spec.ts", "tests/e2e/crawl.spec.ts", "tests/e2e/search.spec.ts"];
  const result = await run("npx", ["playwright", "test", ...suites, "--project", "desktop", "--reporter", "line"], {
    cwd: dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "", failed: true }));
  expect("failed" in result ? result.stdout + result.stderr : "", "the suites on the edited build").toBe("");
  expect(result.stdout).toMatch(/\d+ passed/);
  expect(result.stdout).not.toMatch(/\d+ failed/);
}, 900_000);
