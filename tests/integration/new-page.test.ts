/**
 * `npm run new:page` on a temporary copy of the tests' site (content/, public/) and the schemas: the
 * page file it writes, the menu entry it adds to site.yaml (and nothing else), and what it refuses.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/loaders/load.ts";
import { formatError } from "../../src/content/errors.ts";
import { addMenuEntry, newPage } from "../../scripts/new-page.ts";
import { canonicalFormErrors } from "../../scripts/cms/content-files.ts";
import { SITE_FIXTURE } from "../site-fixture.ts";

const project = join(import.meta.dirname, "../..");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfProject(): string {
  const root = mkdtempSync(join(tmpdir(), "new-page-"));
  temp.push(root);
  for (const dir of ["content", "public"]) cpSync(join(SITE_FIXTURE, dir), join(root, dir), { recursive: true });
  cpSync(join(project, "schema"), join(root, "schema"), { recursive: true });
  return root;
}

/** The lines of `after` that are not in `before`, checking that nothing was removed or moved. */
function addedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const added: string[] = [];
  let i = 0;
  for (const line of b) {
    if (i < a.length && line === a[i]) i++;
    else added.push(line);
  }
  expect(i, "every original line is still there, in order").toBe(a.length);
  return added;
}

const siteText = readFileSync(join(SITE_FIXTURE, "content/site.yaml"), "utf8");

describe("npm run new:page", { timeout: 30_000 }, () => {
  it("writes a valid page and its menu entry, leaving the rest of site.yaml as it was", () => {
    const root = copyOfProject();
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/new-page.ts", "/services/commissioning", "Commissioning", "--menu", "main", "--root", root],
      {
        cwd: project,
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("created content/pages/services/commissioning.yaml");
    expect(run.stdout).toContain("Next: rewrite the description and the text");
    // In the form the visual editor writes, which npm run validate asks for.
    expect(canonicalFormErrors(root)).toEqual([]);

    expect(readFileSync(join(root, "content/pages/services/commissioning.yaml"), "utf8")).toMatchInlineSnapshot(`
      "# yaml-language-server: $schema=../../../schema/page.schema.json
      path: /services/commissioning
      title: Commissioning
      # What search engines show under the title (50 to 170 characters): rewrite it for this page.
      description: Commissioning – Lariox Automation, Surat, Gujarat. Find out more here, and ask our engineers anything about it.
      sections:
        - type: banner
          image: /assets/banners/services.jpg
          heading: Commissioning
        # Generic text to start from: replace it, and add sections as content/README.md shows.
        - type: richText
          heading: Commissioning at Lariox Automation
          paragraphs:
            - Tell us about your plant and your project, and one of our engineers will reply within one working day with a proposal that fits.
      "
    `);
    const after = readFileSync(join(root, "content/site.yaml"), "utf8");
    expect(addedLines(siteText, after)).toEqual(["    - { label: Commissioning, href: /services/commissioning }"]);
    // Right after the last main link, before `menus:`.
    expect(after).toContain("    - { label: Contact, href: /contact }\n    - { label: Commissioning, href: /services/commissioning }\n  menus:\n");

    const { content, errors } = loadContent(root);
    expect(errors.map(formatError)).toEqual([]);
    expect(content!.pages.find((p) => p.page.path === "/services/commissioning")?.page.title).toBe("Commissioning");
  }, 30_000);

  it("adds to a dropdown's entries, or to an entry's sub-entries, in the style of the neighbours", () => {
    const products = addMenuEntry(siteText, "All Products", { label: "Drives & Motion", href: "/products/drives" });
    expect(addedLines(siteText, products)).toEqual(["        - { label: Drives & Motion, href: /products/drives }"]);
    expect(products).toContain(
      "            - { label: Energy Management System, href: /products/lariox-ems }\n        - { label: Drives & Motion, href: /products/drives }\n",
    );

    const control = addMenuEntry(siteText, "aveva solutions / operations control", { label: "AVEVA PI: System", href: "/aveva/aveva-pi" });
    expect(addedLines(siteText, control)).toEqual(['            - { label: "AVEVA PI: System", href: /aveva/aveva-pi }']);
    expect(control).toContain(
      '            - { label: AVEVA Plant SCADA, href: /aveva/aveva-plant-scada }\n            - { label: "AVEVA PI: System", href: /aveva/aveva-pi }\n',
    );
  });

  it("names the menus there are when --menu matches none, and refuses an entry without sub-entries", () => {
    expect(() => addMenuEntry(siteText, "Products", { label: "X", href: "/x" })).toThrow(
      'no menu "Products" in content/site.yaml (menus: "main", "All Products", "All Products/Lariox Software Solutions", "Aveva Solutions", "Aveva Solutions/Operations Control", "Aveva Solutions/Operations Execution", "Aveva Solutions/Operations Information")',
    );
    expect(() => addMenuEntry(siteText, "All Products/HMI", { label: "X", href: "/x" })).toThrow('"All Products/HMI" has no sub-entries (children) yet');
    expect(() => addMenuEntry(siteText, "main", { label: "About again", href: "/about" })).toThrow('the menu "main" already has an entry for /about');
  });

  it("refuses a taken path, a malformed path and an unknown menu, changing nothing", () => {
    const root = copyOfProject();
    const attempt = (path: string, menu?: string) => () => newPage({ root, path, title: "Test", menu });
    expect(attempt("/about")).toThrow("the path /about is already the page content/pages/about.yaml");
    expect(attempt("/products/Hmi")).toThrow('"/products/Hmi" is not a page path');
    expect(attempt("/products/plc/")).toThrow("is not a page path");
    expect(attempt("/new-page", "Nope")).toThrow('no menu "Nope"');
    expect(existsSync(join(root, "content/pages/new-page.yaml"))).toBe(false);
    expect(readFileSync(join(root, "content/site.yaml"), "utf8")).toBe(siteText);
  }, 15_000);

  it("writes pages in sub-folders with the schema line that fits their depth", () => {
    const root = copyOfProject();
    const { file } = newPage({ root, path: "/products/drives/servo", title: "Servo Drives: Setup & Tuning" });
    expect(file).toBe("content/pages/products/drives/servo.yaml");
    const text = readFileSync(join(root, file), "utf8");
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../../../../schema/page.schema.json");
    expect(text).toContain('title: "Servo Drives: Setup & Tuning"');
    expect(loadContent(root).errors.map(formatError)).toEqual([]);
    expect(() => newPage({ root, path: "/products/drives/servo", title: "Again" })).toThrow("already the page");
  }, 15_000);
});
