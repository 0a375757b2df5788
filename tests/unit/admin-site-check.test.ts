// @vitest-environment node
/**
 * The editor's whole-site check (src/admin/site-check.ts) on the content fixture: a delete or a save
 * that would break another page, a menu, a sidebar or a redirect is refused, naming each place as
 * its form labels it; a text made only of spaces is refused by the schema itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readSiteIndex } from "../../scripts/cms/site-index.ts";
import type { SiteIndex } from "../../src/content/types.ts";
import { loadSiteIndex } from "../../src/admin/site-index.ts";
import { placesUsing, usesOfAsset, usesOfPage } from "../../src/admin/refuse-delete.ts";
import { validateEntry } from "../../src/admin/validate-entry.ts";

const root = join(import.meta.dirname, "../fixtures/content/base");
let index: SiteIndex;

// As in the browser: the index comes from /admin/site-index.json, here read from the fixture.
beforeEach(async () => {
  const read = readSiteIndex(root);
  read.site.navigation.menus = [{ label: "All Products", overview: { label: "Overview", href: "/" }, items: [{ label: "About us", href: "/about" }] }];
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(read))));
  index = await loadSiteIndex();
});

describe("deleting what the site still uses", () => {
  it("names every place that links to a page, as the forms label them", () => {
    expect(usesOfPage(index, "content/pages/about.yaml")).toEqual([
      "An old address leads to this page (Old addresses › 1 “/About-Us” › Leads to).",
      "The navigation bar links to this page (Navigation bar › Main links › 2 “About” › Link target).",
      "The All Products menu links to this page (Navigation bar › Dropdown menus › 1 “All Products” › Entries › 1 “About us” › Link target).",
      "The Products sidebar links to this page (Sidebars › Products › Sidebar links › 1 “About” › Link target).",
    ]);
    expect(usesOfPage(index, "content/pages/home.yaml")).toEqual([
      "The navigation bar links to this page (Navigation bar › Main links › 1 “Home” › Link target).",
      "The All Products menu links to this page (Navigation bar › Dropdown menus › 1 “All Products” › Overview link › Link target).",
      "The footer links to this page (Footer › Quick links › 1 “Home” › Link target).",
      "The page “About” links to this page (Sections › 2 “Link List” › Links › 1 “Home” › Link target).",
    ]);
  });

  it("names the pages that use a picture, and lets an unused one go", () => {
    expect(usesOfAsset(index, "/assets/banner.jpg")).toEqual(["The page “About” uses this picture (Sections › 1 “About us” › Background image)."]);
    expect(index.assets).toContain("/assets/banner.jpg");
    index.site.sidebars = {};
    index.site.company.logo = "/assets/banner.jpg";
    index.site.company.logoOnDark = "/assets/banner.jpg";
    expect(usesOfAsset(index, "/assets/logo.svg")).toEqual([]);
  });

  it("names every place that uses any of the files to delete, and none for what nothing uses", async () => {
    const places = await placesUsing(["public/assets/banner.jpg", "content/pages/about.yaml"]);
    expect(places[0]).toMatch(/^The page “About” uses this picture /);
    expect(places).toContainEqual(expect.stringMatching(/^An old address leads to this page /));
    index.site.navigation.menus = [];
    expect(await placesUsing(["content/pages/nothing-links-here.yaml"])).toEqual([]);
  });
});

describe("saving what would break another place", () => {
  it("refuses a page's new path while others link to the old one, at the path field", () => {
    const about = index.pages.find((p) => p.file === "content/pages/about.yaml")!.data;
    const errors = validateEntry("page", "content/pages/about.yaml", { ...about, path: "/about-us" }, index);
    expect(errors.map((e) => `${e.field}: ${e.message}`)).toContain(
      'Page address: The All Products menu links to "/about" (Navigation bar › Dropdown menus › 1 “All Products” › Entries › 1 “About us” › Link target): this change would break it.',
    );
  });

  it("refuses site settings that drop a sidebar a page shows", () => {
    const about = index.pages.find((p) => p.file === "content/pages/about.yaml")!;
    about.data = { ...about.data, sidebar: "products" };
    const errors = validateEntry("site", "content/site.yaml", { ...index.site, sidebars: {} }, index);
    expect(errors.map((e) => e.message)).toEqual(['The page “About” shows "products" (Sidebar): this change would break it.']);
  });

  it("leaves out an optional picture left untouched (its empty alt only), and names a missing key by its label", () => {
    const about = index.pages.find((p) => p.file === "content/pages/about.yaml")!.data;
    const document = { name: "Brochure", file: "/assets/banner.jpg", image: { alt: "" } };
    const sections = [{ type: "documentList", layout: "grid", documents: [document] }];
    expect(validateEntry("page", "content/pages/about.yaml", { ...about, sections }, index)).toEqual([]);
    const named = [{ type: "documentList", layout: "grid", documents: [{ ...document, image: { alt: "A cover" } }] }];
    const errors = validateEntry("page", "content/pages/about.yaml", { ...about, sections: named }, index);
    expect(errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      "Sections › 1 “Document List” › Documents › 1 “Brochure” › Cover picture › Picture: is required",
    ]);
  });

  it("refuses a page whose form fields do not follow its form's schema, naming the page, the field and the form", () => {
    const quote = parse(readFileSync(join(root, "../form-fields/content/pages/quote.yaml"), "utf8")) as Record<string, unknown>;
    const errors = validateEntry("page", "content/pages/quote.yaml", quote, index);
    expect(errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      'Sections › 1 “Request a quote” › Fields › 4 “company” › Required: on the page “Quote”, the field "company" must not be marked required: the quote form takes it empty (src/forms/quote/schema.json)',
      'Sections › 1 “Request a quote” › Fields › 2 “phone” › Answer stored as: on the page “Quote”, the field "phone" is out of order: the quote form has "email" there (its fields, in order: name, email, phone, company, project, requirements)',
    ]);
  });

  it("refuses a required text made only of spaces", () => {
    const about = index.pages.find((p) => p.file === "content/pages/about.yaml")!.data;
    const sections = [{ type: "banner", image: "/assets/banner.jpg", heading: "   " }];
    const errors = validateEntry("page", "content/pages/about.yaml", { ...about, sections }, index);
    expect(errors.map((e) => `${e.field}: ${e.message}`)).toEqual(["Sections › 1 “Banner” › Heading: is only spaces: write some words"]);
  });
});
