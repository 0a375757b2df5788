/**
 * `npm run new:page -- /path "Title" [--menu main|"All Products"|"Aveva Solutions/Operations Control"] [--label "Menu text"]`
 *
 * Writes content/pages/<path>.yaml (schema line, path, title, a generic description, a banner
 * and a text section to start from), optionally adds a menu entry to content/site.yaml
 * (comments, blank lines and layout of site.yaml stay exactly as they were), validates all
 * content, and undoes both files if the result is not valid. `--root <dir>` works on another
 * copy of the project (the tests use it).
 */
import { formatYaml } from "../src/admin/yaml-format.ts";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Composer, CST, Document, isMap, isScalar, isSeq, Parser, parseDocument, Scalar, type YAMLMap, type YAMLSeq } from "yaml";
import { formatError } from "../src/content/errors.ts";
import { loadContent, PAGES_DIR, SITE_FILE, schemaLine } from "../src/content/loaders/load.ts";
import type { Site } from "../src/content/generated/site.ts";

export class NewPageError extends Error {}

/** Lowercase words joined by hyphens, one folder per slash: the site's convention for routes. */
const PATH_RE = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export function pageFileFor(path: string): string {
  return `${PAGES_DIR}/${path.slice(1)}.yaml`;
}

/** A banner photograph that exists: one named like the page or its section, else the about banner. */
function bannerFor(root: string, path: string): string {
  const dir = join(root, "public/assets/banners");
  const segments = path.slice(1).split("/");
  const candidates = [segments.at(-1)!, segments[0]!, "about"];
  for (const name of candidates) if (existsSync(join(dir, `${name}.jpg`))) return `/assets/banners/${name}.jpg`;
  const any = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".jpg"))
        .sort()[0]
    : undefined;
  if (!any) throw new NewPageError("no banner image under public/assets/banners/ to start the page with");
  return `/assets/banners/${any}`;
}

/** A description that passes the schema (50-170 characters) but reads as a starting point. */
export function genericDescription(title: string, site: Site): string {
  const { city, region } = site.contact.address;
  const tail = ` – ${site.company.name}, ${city}, ${region}. Find out more here, and ask our engineers anything about it.`;
  const room = 170 - tail.length;
  const name = title.length <= room ? title : `${title.slice(0, room - 1).trimEnd()}…`;
  return `${name}${tail}`;
}

/** The text of a new page file: plain YAML the editor then rewrites. */
export function pageSource(root: string, file: string, path: string, title: string, site: Site): string {
  const doc = new Document({
    path,
    title,
    description: genericDescription(title, site),
    sections: [
      { type: "banner", image: bannerFor(root, path), heading: title },
      {
        type: "richText",
        heading: `${title} at ${site.company.name}`,
        paragraphs: [`Tell us about your plant and your project, and one of our engineers will reply within one working day with a proposal that fits.`],
      },
    ],
  });
  const pair = (key: string) => (doc.contents as YAMLMap).items.find((p) => isScalar(p.key) && p.key.value === key)!;
  (pair("description").key as Scalar).commentBefore = " What search engines show under the title (50 to 170 characters): rewrite it for this page.";
  (pair("description").value as Scalar).type = Scalar.BLOCK_FOLDED;
  const text = doc.getIn(["sections", 1], true) as YAMLMap;
  text.commentBefore = " Generic text to start from: replace it, and add sections as content/README.md shows.";
  (doc.getIn(["sections", 1, "paragraphs", 0], true) as Scalar).type = Scalar.BLOCK_FOLDED;
  return formatYaml(`${schemaLine(file, "page")}\n${doc.toString()}`);
}

export interface MenuEntry {
  label: string;
  href: string;
}

/**
 * Adds `entry` to a menu of site.yaml and returns the new text; everything else in the file
 * (comments, blank lines, flow or block style, folded text) stays byte for byte. The document
 * model finds the list; the new item goes into its concrete syntax tree, shaped like its neighbours.
 * `menu` is `main` (the plain links), a dropdown's label (its entries) or `Dropdown/Entry` (the
 * entry's sub-entries).
 */
export function addMenuEntry(siteText: string, menu: string, entry: MenuEntry): string {
  const tokens = Array.from(new Parser().parse(siteText));
  const [doc] = Array.from(new Composer({ keepSourceTokens: true }).compose(tokens));
  if (!doc || doc.errors.length > 0) throw new NewPageError(`${SITE_FILE} does not parse: ${doc?.errors[0]?.message ?? "empty"}`);

  const seq = findMenuList(doc, menu);
  if (seq.items.some((item) => isMap(item) && item.get("href") === entry.href)) {
    throw new NewPageError(`the menu "${menu}" already has an entry for ${entry.href}`);
  }
  const target = seq.srcToken;
  if (!target || target.type !== "block-seq" || target.items.length === 0) {
    throw new NewPageError(`the menu "${menu}" is not a list of "- " items in ${SITE_FILE}; add the entry by hand`);
  }

  // The new item, written by the yaml library in the flow style the menus use: - { label: …, href: … }
  const snippet = new Document([entry]);
  ((snippet.contents as YAMLSeq).items[0] as YAMLMap).flow = true;
  const [snippetDoc] = Array.from(new Parser().parse(snippet.toString()));
  const item = (snippetDoc as CST.Document).value as CST.BlockSequence;
  const newItem = item.items[0]!;
  newItem.start = [
    ...(CST.stringify(target).endsWith("\n") ? [] : [{ type: "newline" as const, offset: 0, indent: 0, source: "\n" }]),
    { type: "space", offset: 0, indent: 0, source: " ".repeat(target.indent) },
    ...newItem.start,
  ];
  target.items.push(newItem);

  const result = tokens.map((t) => CST.stringify(t)).join("");
  // The edit must have added exactly this entry and changed nothing else.
  const before = parseDocument(siteText).toJS() as unknown;
  const after = parseDocument(result);
  if (after.errors.length > 0) throw new NewPageError(`internal: ${SITE_FILE} would not parse after the edit`);
  const expected = parseDocument(siteText);
  findMenuList(expected, menu).items.push(expected.createNode(entry));
  if (JSON.stringify(after.toJS()) !== JSON.stringify(expected.toJS()) || JSON.stringify(before) === JSON.stringify(after.toJS())) {
    throw new NewPageError(`internal: the edit of ${SITE_FILE} changed more than the menu "${menu}"`);
  }
  return result;
}

/** The YAML list a menu name stands for, or an error naming the menus there are. */
function findMenuList(doc: Document, menu: string): YAMLSeq {
  const known: string[] = ["main"];
  const label = (node: unknown) => (isMap(node) ? String(node.get("label")) : "");
  const main = doc.getIn(["navigation", "main"], true);
  if (menu.toLowerCase() === "main") {
    if (isSeq(main)) return main;
  }
  const menus = doc.getIn(["navigation", "menus"], true);
  const [menuLabel, entryLabel, ...rest] = menu.split("/").map((s) => s.trim());
  for (const dropdown of isSeq(menus) ? menus.items : []) {
    if (!isMap(dropdown)) continue;
    const items = dropdown.get("items", true);
    known.push(label(dropdown));
    for (const item of isSeq(items) ? items.items : []) {
      const children = isMap(item) ? item.get("children", true) : undefined;
      if (isSeq(children)) known.push(`${label(dropdown)}/${label(item)}`);
    }
    if (label(dropdown).toLowerCase() !== menuLabel!.toLowerCase() || rest.length > 0) continue;
    if (!isSeq(items)) break;
    if (entryLabel === undefined) return items;
    const item = items.items.find((i) => label(i).toLowerCase() === entryLabel.toLowerCase());
    const children = isMap(item) ? item.get("children", true) : undefined;
    if (isSeq(children)) return children;
    if (item) throw new NewPageError(`"${label(dropdown)}/${label(item)}" has no sub-entries (children) yet; add the entry to ${SITE_FILE} by hand`);
  }
  throw new NewPageError(`no menu "${menu}" in ${SITE_FILE} (menus: ${known.map((k) => JSON.stringify(k)).join(", ")})`);
}

export interface NewPageOptions {
  root: string;
  path: string;
  title: string;
  menu?: string;
  label?: string;
}

/** Creates the page (and the menu entry), validates everything, and undoes both on failure. */
export function newPage({ root, path, title, menu, label }: NewPageOptions): { file: string; messages: string[] } {
  if (!PATH_RE.test(path)) {
    throw new NewPageError(`"${path}" is not a page path: write it like /products/new-product (lowercase letters, digits and hyphens, one folder per slash)`);
  }
  if (title.trim() === "") throw new NewPageError("the title is empty");
  const before = loadContent(root);
  if (before.errors.length > 0 || !before.content) {
    throw new NewPageError(`the content has errors already; fix them first (npm run validate):\n${before.errors.map(formatError).join("\n")}`);
  }
  const { content } = before;
  const file = pageFileFor(path);
  const taken = content.pages.find((p) => p.page.path === path);
  if (taken) throw new NewPageError(`the path ${path} is already the page ${taken.file}`);
  if (existsSync(join(root, file))) throw new NewPageError(`${file} exists already`);
  if (content.site.redirects.some((r) => r.from === path)) throw new NewPageError(`${path} is a redirect in ${SITE_FILE}; remove the redirect first`);

  const siteFile = join(root, SITE_FILE);
  const siteText = readFileSync(siteFile, "utf8");
  const newSiteText = menu === undefined ? undefined : addMenuEntry(siteText, menu, { label: label ?? title, href: path });

  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), pageSource(root, file, path, title, content.site));
  // In the canonical form `npm run validate` asks for (the visual editor's), as the page is.
  if (newSiteText !== undefined) writeFileSync(siteFile, formatYaml(newSiteText));

  const after = loadContent(root);
  if (after.errors.length > 0) {
    rmSync(join(root, file));
    writeFileSync(siteFile, siteText);
    throw new NewPageError(`the new page would not be valid, nothing was changed:\n${after.errors.map(formatError).join("\n")}`);
  }
  const messages = [`created ${file}`];
  if (menu !== undefined) messages.push(`added "${label ?? title}" → ${path} to the menu "${menu}" in ${SITE_FILE}`);
  messages.push(
    `content ok: site.yaml and ${after.content!.pages.length} pages`,
    "",
    `Next: rewrite the description and the text in ${file} (they are generic),`,
    "preview with `npm run dev`, and see content/README.md for the other section types.",
  );
  return { file, messages };
}

function main(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { menu: { type: "string" }, label: { type: "string" }, root: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const usage = 'usage: npm run new:page -- /path "Title" [--menu main|"All Products"|"Aveva Solutions/Operations Control"] [--label "Menu text"]';
  if (values.help) {
    console.log(usage);
    return;
  }
  if (positionals.length !== 2) throw new NewPageError(usage);
  const [path, title] = positionals as [string, string];
  const { messages } = newPage({ root: values.root ?? process.cwd(), path, title, menu: values.menu, label: values.label });
  console.log(messages.join("\n"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof NewPageError) && !(error instanceof TypeError)) throw error;
    console.error(`new:page: ${error.message}`);
    process.exit(1);
  }
}
