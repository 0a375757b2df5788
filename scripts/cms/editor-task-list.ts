/**
 * The everyday tasks of issue 51, each as the marketing assistant does it in the editor
 * (editor-assistant.ts), and the change each should leave in the files: a small diff, or
 * nothing at all for a mistake the editor refuses.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { parse } from "yaml";
import type { Assistant } from "./editor-assistant.ts";

export interface Change {
  /** Files added or changed, with their line counts (0 and 0 for a binary file). */
  files: { path: string; added: number; removed: number }[];
  /** The content files' diff, without context lines. */
  diff: string;
  /** npm run validate's findings in the copy after the task. */
  errors: string[];
  root: string;
  /** The bare repository the copy's Publish pushes main to. */
  remote: string;
  /** The messages of the versions (commits) the editor made during the task, newest first. */
  versions: string[];
}

export interface Task {
  title: string;
  /** The window's width; 1440 unless said. */
  width?: number;
  run(a: Assistant): Promise<void>;
  /** Why the change is not the one expected, or undefined when it is. */
  expect(change: Change): string | undefined;
  summary(change: Change): string;
}

const project = join(import.meta.dirname, "../..");
const visible = (locator: Locator) => locator.filter({ visible: true });
/** The visible box labelled `label`, "(optional)" or not. */
const field = (scope: Page | Locator, label: string) => visible(scope.getByLabel(new RegExp(`^${label}( \\(optional\\))?$`)));
const readYaml = (change: Change, file: string) => parse(readFileSync(join(change.root, file), "utf8")) as Record<string, unknown>;

/** Opens a page from the Pages list (inside `folder` when it is in one). */
async function openPage(a: Assistant, title: string, path: string, folder?: string): Promise<void> {
  if (folder) await a.click(a.page.getByRole("link", { name: folder, exact: true }));
  await a.click(a.page.getByText(`${title} — ${path}`, { exact: true }));
  await field(a.page, "Page address").waitFor();
}

async function openSiteSettings(a: Assistant): Promise<void> {
  await a.click(a.page.getByRole("link", { name: "Site settings" }));
  await a.click(a.page.getByText(/^Site settings \(company/));
  await a.page.getByText("Contact details", { exact: true }).last().waitFor();
}

/** The list item titled `title`, open or closed (its remove button is named after it: src/admin/button-names.ts). */
const listItem = (page: Page, title: string) =>
  page.getByRole("button", { name: `Remove “${title}”` }).locator("xpath=ancestor::*[contains(@class, '-StyledListItemTopBar')]/parent::*");

/** Clicks a group's bar or a list row by the name or title it shows, which opens it. */
const open = (a: Assistant, title: string) => a.click(visible(a.page.getByText(title, { exact: true })).last());

/** Publish › Publish now; on the local backend that writes and commits the files and pushes main. Waits for Decap's word either way, and the editor's on the push. */
async function publish(a: Assistant, saved = true): Promise<void> {
  await a.screenshot("before-publish");
  await a.click(a.page.getByRole("button", { name: "Publish", exact: true }));
  await a.click(a.page.getByRole("menuitem", { name: "Publish now" }));
  if (!saved) return;
  await a.page.getByText(/^Changes saved$/i).waitFor();
  await a.page.locator("[data-lariox-publish]").waitFor();
  await a.screenshot("saved");
}

/** In the Media dialog: uploads `file` and chooses it for the field. */
async function uploadAndChoose(a: Assistant, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await a.upload(a.page.getByText("Upload", { exact: true }), [file]);
  await a.page.getByText(file.name, { exact: true }).waitFor();
  await a.screenshot("media-dialog");
  await a.click(a.page.getByRole("button", { name: "Choose selected" }));
}

const brochure = () => readFileSync(join(project, "public/assets/banners/brochures/edge.pdf"));
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

/** `files` are exactly the ones changed, and the content diff adds `added` and removes `removed` lines. */
function expectFiles(change: Change, files: string[], added?: number, removed?: number): string | undefined {
  const changed = change.files.map((f) => f.path).sort();
  if (changed.join() !== [...files].sort().join()) return `changed ${changed.join(", ") || "nothing"}, expected ${files.join(", ")}`;
  const lines = change.files.filter((f) => f.path.startsWith("content/"));
  const sum = (key: "added" | "removed") => lines.reduce((total, f) => total + f[key], 0);
  if (added !== undefined && sum("added") !== added) return `${sum("added")} lines added, expected ${added}:\n${change.diff}`;
  if (removed !== undefined && sum("removed") !== removed) return `${sum("removed")} lines removed, expected ${removed}:\n${change.diff}`;
  return undefined;
}

const describe = (change: Change) =>
  change.files.length
    ? change.files.map((f) => (f.added || f.removed ? `${f.path} +${f.added} -${f.removed}` : `${f.path} (new file)`)).join(", ")
    : "nothing written";

function task(t: Omit<Task, "summary"> & Partial<Pick<Task, "summary">>): Task {
  return { summary: describe, ...t };
}

export const TASKS: Task[] = [
  task({
    title: "Change a phone number",
    async run(a) {
      await openSiteSettings(a);
      await open(a, "Contact details");
      await open(a, "+91 00000 00002");
      await a.type(visible(a.page.locator('[id^="phone-field-"]')).last(), "+91 261 400 5000");
      await publish(a);
    },
    expect: (c) =>
      expectFiles(c, ["content/site.yaml"], 1, 1) ??
      (c.diff.includes("+  phones: [ +91 00000 00001, +91 261 400 5000 ]") ? undefined : `unexpected line:\n${c.diff}`),
  }),
  task({
    title: "Change a heading",
    async run(a) {
      await openPage(a, "About", "/about");
      await open(a, "Automation engineers who stay with your plant");
      await a.type(field(a.page, "Heading").last(), "Automation engineers who stay with your plant for years");
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/pages/about.yaml"], 1, 1),
  }),
  task({
    title: "Add a brochure with its PDF",
    async run(a) {
      await openPage(a, "Downloads", "/downloads");
      await open(a, "Product brochures");
      await a.click(a.page.getByRole("button", { name: "Add document" }));
      await a.type(field(a.page, "Document name").last(), "AVEVA Edge 2026");
      await a.type(field(a.page, "Description").last(), "What is new in AVEVA Edge 2026, on two pages.");
      await a.click(visible(a.page.getByRole("button", { name: "Choose a file" })).last());
      await uploadAndChoose(a, { name: "edge-2026.pdf", mimeType: "application/pdf", buffer: brochure() });
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/pages/downloads.yaml", "public/assets/banners/brochures/edge-2026.pdf"], 3, 0),
  }),
  task({
    title: "Make a new product page",
    async run(a) {
      await a.click(a.page.getByRole("link", { name: "products", exact: true }));
      await a.click(a.page.getByRole("link", { name: "Create entry of type Page" }));
      await a.append(field(a.page, "Page address"), "commissioning");
      await a.type(field(a.page, "Page name"), "Commissioning");
      await a.type(field(a.page, "Summary for search engines"), "On-site commissioning of PLC, SCADA and HMI systems by Lariox Automation engineers.");
      await a.click(a.page.getByRole("button", { name: "Add section" }));
      await a.click(a.page.getByRole("menuitem", { name: "Banner", exact: true }));
      await a.click(a.page.getByRole("button", { name: "Choose an image" }));
      await a.type(a.page.getByPlaceholder("Search..."), "products");
      await a.click(a.page.getByText("products.jpg", { exact: true }));
      await a.click(a.page.getByRole("button", { name: "Choose selected" }));
      await a.type(field(a.page, "Heading").last(), "Commissioning");
      await publish(a);
    },
    expect: (c) => {
      const file = "content/pages/products/commissioning.yaml";
      const wrong = expectFiles(c, [file]);
      if (wrong) return wrong;
      const page = readYaml(c, file);
      return page.path === "/products/commissioning" ? undefined : `saved with path ${String(page.path)}`;
    },
  }),
  task({
    title: "Put the new page in the All Products menu",
    async run(a) {
      await openSiteSettings(a);
      await open(a, "Navigation bar");
      await open(a, "All Products");
      await a.click(visible(listItem(a.page, "All Products").getByRole("button", { name: "Add entry" })).first());
      await a.screenshot("menu-entry-added");
      // The new entry, at the foot of the menu's entries, is titled by what it is ("Entry"), then by its text.
      await a.type(field(listItem(a.page, "Entry"), "Link text").first(), "Commissioning");
      await a.type(visible(listItem(a.page, "Commissioning").locator('[id^="href-field-"]')).first(), "Commissioning");
      await a.click(a.page.getByRole("option", { name: "Commissioning /products/commissioning" }));
      await a.screenshot("menu-entry-filled");
      await publish(a);
    },
    expect: (c) => {
      const wrong = expectFiles(c, ["content/site.yaml"], undefined, 0);
      if (wrong) return wrong;
      const site = readYaml(c, "content/site.yaml") as { navigation: { menus: { label: string; items: { label: string; href: string }[] }[] } };
      const items = site.navigation.menus.find((m) => m.label === "All Products")!.items;
      return items.some((i) => i.label === "Commissioning" && i.href === "/products/commissioning") ? undefined : "no Commissioning entry in All Products";
    },
  }),
  task({
    title: "Move a section up",
    async run(a) {
      await openPage(a, "About", "/about");
      const handle = (title: string) => a.page.getByRole("button", { name: `Drag to move “${title}”` });
      await a.drag(handle("Our Solutions"), handle("Feature List"));
      await a.screenshot("section-moved");
      await publish(a);
    },
    expect: (c) => {
      const wrong = expectFiles(c, ["content/pages/about.yaml"]);
      if (wrong) return wrong;
      const file = c.files[0]!;
      if (file.added !== file.removed) return `${file.added} lines added, ${file.removed} removed: a move keeps the line count`;
      const types = (readYaml(c, "content/pages/about.yaml").sections as { type: string }[]).map((s) => s.type);
      return types.join() === "banner,richText,cardGrid,featureList" ? undefined : `sections now ${types.join(", ")}`;
    },
    summary: (c) => `${describe(c)}; “Our Solutions” now above the feature list`,
  }),

  task({
    title: "Change a hero picture",
    async run(a) {
      await openPage(a, "Home", "/");
      await open(a, "Industrial automation and software, engineered in Surat");
      await open(a, "A PLC panel with SCADA screens in a plant control room");
      await a.click(visible(a.page.getByRole("button", { name: "Choose different image" })).first());
      await uploadAndChoose(a, { name: "control-room.jpg", mimeType: "image/jpeg", buffer: await photo(1920, 800) });
      await publish(a);
    },
    expect: (c) =>
      expectFiles(c, ["content/pages/home.yaml", "public/assets/banners/control-room.jpg"], 1, 1) ??
      (c.diff.includes("src: /assets/banners/control-room.jpg") ? undefined : `unexpected line:\n${c.diff}`),
  }),
  task({
    title: "Add a datasheet to a product page",
    async run(a) {
      await openPage(a, "PLC & IO Modules", "/products/plc", "products");
      await a.click(a.page.getByRole("button", { name: "Add section" }));
      await a.click(a.page.getByRole("menuitem", { name: "PDF Embed", exact: true }));
      await a.type(field(a.page, "Document name").last(), "PLC & IO Modules datasheet");
      await a.click(visible(a.page.getByRole("button", { name: "Choose a file" })).last());
      await uploadAndChoose(a, { name: "plc-io-modules.pdf", mimeType: "application/pdf", buffer: brochure() });
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/pages/products/plc.yaml", "public/assets/datasheets/plc-io-modules.pdf"], undefined, 0),
  }),
  task({
    title: "Add a client logo",
    async run(a) {
      await openPage(a, "Home", "/");
      await open(a, "Trusted by Manufacturers Across Gujarat");
      await a.click(visible(listItem(a.page, "Trusted by Manufacturers Across Gujarat").getByRole("button", { name: /^Add / })).first());
      await a.type(field(listItem(a.page, "Logo"), "Name").first(), "Udhna Foods");
      await a.click(visible(listItem(a.page, "Udhna Foods").getByRole("button", { name: "Choose an image" })).first());
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60"><text x="10" y="40" font-size="28">Udhna Foods</text></svg>';
      await uploadAndChoose(a, { name: "udhna-foods.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/pages/home.yaml", "public/assets/logos/clients/udhna-foods.svg"], 1, 0),
  }),
  task({
    title: "Change the footer's address",
    async run(a) {
      await openSiteSettings(a);
      await open(a, "Contact details");
      await open(a, "Postal address");
      await a.type(field(a.page, "Street"), "4th floor, Ring Road Business Centre");
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/site.yaml"], 1, 1),
  }),
  task({
    title: "Fix a word on a phone",
    width: 390,
    async run(a) {
      await openPage(a, "Services", "/services");
      await open(a, "Automation Services");
      await a.type(
        field(a.page, "Intro text").last(),
        "Engineering, programming and commissioning of control systems for new plants, extensions and upgrades.",
      );
      await a.screenshot("phone-form");
      await publish(a);
    },
    expect: (c) => expectFiles(c, ["content/pages/services.yaml"], 1, 1),
  }),
  task({
    title: "A swipe on a phone, then a section moved by its button",
    width: 390,
    async run(a) {
      await openPage(a, "Training", "/training");
      const bar = (title: string) => visible(listItem(a.page, title).locator('[class*="-StyledListItemTopBar"]')).first();
      const order = () => a.page.getByRole("button", { name: /^Move “.*” up$/ }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
      const before = await order();
      // Down the form and back, each swipe starting on a folded section's bar: the form scrolls, nothing moves.
      await a.swipe(bar("Plan training for your team"), -300);
      await a.swipe(bar("Why train with us"), 300);
      await a.screenshot("after-swipes");
      const after = await order();
      if (after.join() !== before.join()) throw new Error(`the swipes moved a section: ${after.join(", ")}`);
      await a.tap(a.page.getByRole("button", { name: "Move “Why train with us” up" }));
      await a.screenshot("section-moved");
      await publish(a);
    },
    expect: (c) => {
      const wrong = expectFiles(c, ["content/pages/training.yaml"]);
      if (wrong) return wrong;
      const file = c.files[0]!;
      if (file.added !== file.removed) return `${file.added} lines added, ${file.removed} removed: a move keeps the line count`;
      const types = (readYaml(c, "content/pages/training.yaml").sections as { type: string }[]).map((s) => s.type);
      return types.slice(0, 4).join() === "banner,richText,featureList,cta" ? undefined : `sections now ${types.join(", ")}`;
    },
    summary: (c) => `${describe(c)}; the swipes moved nothing, “Why train with us” now above the call to action`,
  }),
  task({
    title: "Mistake: a heading of only spaces",
    async run(a) {
      await openPage(a, "About", "/about");
      await open(a, "About Us");
      await a.type(field(a.page, "Heading").first(), "   ");
      await publish(a, false);
      await a.page.getByText("Heading: should be some words, not only spaces.").first().waitFor();
      await a.screenshot("refused");
    },
    expect: (c) => expectFiles(c, []),
  }),
  task({
    title: "Mistake: deleting a page the menus link to",
    async run(a) {
      await openPage(a, "PLC & IO Modules", "/products/plc", "products");
      await a.click(a.page.getByRole("button", { name: "Delete entry" }));
      await a.page.locator('[data-lariox-notice="refusal"]').waitFor();
      await a.screenshot("refused");
    },
    expect: (c) => expectFiles(c, []),
  }),
  task({
    title: "Mistake: a picture too heavy",
    async run(a) {
      await openPage(a, "Home", "/");
      await open(a, "Industrial automation and software, engineered in Surat");
      await open(a, "A connected Industry 4.0 production line");
      await a.click(visible(a.page.getByRole("button", { name: "Choose different image" })).last());
      // A camera's noise does not compress: 2,400 px of it is some 17 MB as PNG.
      const heavy = await sharp(randomBytes(2400 * 2400 * 3), { raw: { width: 2400, height: 2400, channels: 3 } })
        .png()
        .toBuffer();
      await a.upload(a.page.getByText("Upload", { exact: true }), [{ name: "line-photo.png", mimeType: "image/png", buffer: heavy }]);
      await a.page.locator('[data-lariox-notice="refusal"]').waitFor();
      await a.screenshot("refused");
    },
    expect: (c) => expectFiles(c, []),
  }),
  task({
    title: "Undo right after a save",
    width: 390,
    async run(a) {
      await openPage(a, "About", "/about");
      await a.type(field(a.page, "Summary for search engines"), "A wrong summary, typed over the right one by mistake and saved at once.");
      await publish(a);
      // The undo itself: History, then Restore on the version the save replaced.
      const before = a.clicks;
      await a.click(a.page.getByRole("button", { name: "History" }));
      const replaced = a.page.locator("dialog[data-lariox-history] ol > li").filter({ hasText: "Before the last save" });
      await replaced.waitFor();
      await a.screenshot("history-after-save");
      await a.click(replaced.getByRole("button", { name: "Restore this version" }));
      await a.page.locator('[data-lariox-notice="info"]').filter({ hasText: "is in the form" }).waitFor();
      if (a.clicks - before !== 2) throw new Error(`the undo took ${a.clicks - before} clicks`);
      await a.screenshot("restore-difference");
      await publish(a);
    },
    expect: (c) =>
      expectFiles(c, []) ??
      (c.versions.length === 2 && c.versions.every((v) => v === "Changed the About page: summary for search engines")
        ? undefined
        : `versions made: ${c.versions.join(" | ") || "none"}`),
    summary: (c) => `2 versions (“${c.versions[0]}”, then the undo); the page is back as it was`,
  }),
  task({
    title: "Publish alone",
    async run(a) {
      await openPage(a, "Services", "/services");
      await open(a, "Automation Services");
      await a.type(field(a.page, "Heading").last(), "Automation services, from panel to plant");
      await a.click(a.page.getByRole("button", { name: "Publish", exact: true }));
      await a.click(a.page.getByRole("menuitem", { name: "Publish now" }));
      await a.page.locator('[data-lariox-publish="pushed"]').waitFor();
      await a.screenshot("published");
    },
    expect: (c) => {
      const wrong = expectFiles(c, ["content/pages/services.yaml"], 1, 1);
      if (wrong) return wrong;
      const head = (cwd: string) => execFileSync("git", ["-C", cwd, "rev-parse", "main"], { encoding: "utf8" }).trim();
      if (head(c.remote) !== head(c.root)) return "the remote's main is not the editor's";
      // The Deploy workflow's content check (npm run validate), on the tree the remote now holds.
      const clone = mkdtempSync(join(tmpdir(), "lariox-pushed-"));
      try {
        execFileSync("git", ["clone", "-q", c.remote, clone]);
        const check = spawnSync(process.execPath, ["--import", "tsx", join(project, "scripts/build/validate-content.ts"), clone], { encoding: "utf8" });
        return check.status === 0 ? undefined : `the pushed tree fails the content check: ${check.stdout}${check.stderr}`;
      } finally {
        rmSync(clone, { recursive: true, force: true });
      }
    },
    summary: (c) => `${describe(c)}; on the remote's main as “${c.versions[0]}”, and its content check passes`,
  }),
];
