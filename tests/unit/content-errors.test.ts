import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/loaders/load.ts";
import { formatError, formatGithubAnnotation } from "../../src/content/errors.ts";

const fixtures = join(import.meta.dirname, "../fixtures/content");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Validates the base fixture with one case laid over it. */
function loadCase(caseName?: string) {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  temp.push(root);
  cpSync(join(fixtures, "base"), root, { recursive: true });
  if (caseName) cpSync(join(fixtures, caseName), root, { recursive: true });
  return loadContent(root).errors;
}

/** What an editor would read for a case. */
const errorsOf = (caseName?: string) => loadCase(caseName).map(formatError);

describe("content validation", () => {
  it("accepts the base fixture", () => {
    expect(errorsOf()).toEqual([]);
  });

  it("reports YAML syntax errors with line and column", () => {
    expect(errorsOf("yaml-syntax")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:8:3  YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ]",
      ]
    `);
  });

  it("reports a value of the wrong type where it was written", () => {
    expect(errorsOf("wrong-type")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:8:14  /sections/0/heading: should be text",
      ]
    `);
  });

  it("names the known section types for an unknown one", () => {
    expect(errorsOf("unknown-section")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:6:5  /sections/0: Unknown section type "carousel" (known types: accordion, banner, cardGrid, contactBlock, cta, documentList, featureList, form, hero, linkList, listColumns, logoGrid, logoStrip, pdfEmbed, richText, search)",
      ]
    `);
  });

  it("reports every missing field at once, at the object that lacks it", () => {
    expect(errorsOf("missing-required")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:2:1  missing required field "title"",
        "content/pages/about.yaml:7:9  /sections/0/links/0: missing required field "href"",
      ]
    `);
  });

  it("points at a misspelt field's key and lists the allowed ones", () => {
    expect(errorsOf("unknown-field")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:6:5  /sections/0: missing required field "paragraphs"",
        "content/pages/about.yaml:8:5  /sections/0: unknown field "paragraph" (allowed: type, eyebrow, heading, paragraphs, bullets)",
      ]
    `);
  });

  it("refuses two pages with one path", () => {
    expect(errorsOf("duplicate-path")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:2:7  /path: the address "/about" is already the address of the page “About again” (each page needs its own)",
      ]
    `);
  });

  it("refuses a link to no page, and accepts a link to a declared redirect", () => {
    expect(errorsOf("broken-link")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:8:34  /sections/0/links/0/href: link "/prodcts" leads to no page (choose one of the site's pages, or add an old address in site settings that leads to one)",
      ]
    `);
  });

  it("suggests the right case for a link that differs only in case", () => {
    expect(errorsOf("case-link")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:8:36  /sections/0/cards/0/href: link "/About" leads to no page (did you mean "/about"? Capital letters count in an address)",
      ]
    `);
  });

  it("refuses an asset that is not under public/", () => {
    expect(errorsOf("missing-asset")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:8:11  /sections/0/file: the picture or file "/assets/datasheets/missing.pdf" is not among the site's files",
      ]
    `);
  });

  it("refuses a sidebar that site.yaml does not declare", () => {
    expect(errorsOf("unknown-sidebar")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:5:10  /sidebar: unknown sidebar "solutions" (the site's sidebars: products)",
      ]
    `);
  });

  it("refuses a redirect to no page", () => {
    expect(errorsOf("bad-redirect")).toMatchInlineSnapshot(`
      [
        "content/site.yaml:44:28  /redirects/0/to: the old address leads to "/abuot", which is not a page (choose one of the site's pages, or add an old address in site settings that leads to one)",
      ]
    `);
  });

  it("refuses a list item with an unbalanced bracket or quote, where an unquoted comma split it", () => {
    expect(errorsOf("unbalanced-list-item")).toMatchInlineSnapshot(`
      [
        "content/pages/about.yaml:9:30  /sections/0/columns/0/items/1: list item "iQ-F series (FX5U" has an unbalanced "(" — probably an unquoted comma in a [flow, list]; quote the item",
        "content/pages/about.yaml:9:49  /sections/0/columns/0/items/2: list item "FX5UC)" has an unbalanced ")" — probably an unquoted comma in a [flow, list]; quote the item",
        "content/pages/about.yaml:15:9  /sections/1/bullets/1: list item "The “best choice" has an unbalanced "“" — add the missing bracket or quote, or delete the stray one",
        "content/pages/about.yaml:16:9  /sections/1/bullets/2: list item "Say "yes" has an unbalanced """ — add the missing bracket or quote, or delete the stray one",
      ]
    `);
  });

  it("refuses a page whose form fields do not follow its form's schema: order and required marks, naming page, field and form", () => {
    expect(errorsOf("form-fields")).toMatchInlineSnapshot(`
      [
        "content/pages/quote.yaml:14:65  /sections/0/fields/3/required: on the page “Quote”, the field "company" must not be marked required: the quote form takes it empty (src/forms/quote/schema.json)",
        "content/pages/quote.yaml:12:17  /sections/0/fields/1/name: on the page “Quote”, the field "phone" is out of order: the quote form has "email" there (its fields, in order: name, email, phone, company, project, requirements)",
      ]
    `);
  });

  it("formats errors as GitHub annotations for pull requests", () => {
    const [error] = loadCase("wrong-type");
    expect(formatGithubAnnotation(error!)).toBe("::error file=content/pages/about.yaml,line=8,col=14::/sections/0/heading: should be text");
  });
});
