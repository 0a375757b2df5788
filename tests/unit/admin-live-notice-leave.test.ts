// @vitest-environment jsdom
/**
 * The notice after a publish stays while the editor is on the saved entry, however late Decap's own
 * move of a new entry to its saved address comes, and goes once the editor moves elsewhere.
 */
import { describe, expect, it, vi } from "vitest";
import { showLiveNotice } from "../../src/admin/live-notice.ts";
import type { Entry } from "../../src/admin/entry.ts";

vi.mock("../../src/admin/site-index.ts", () => ({ siteIndex: () => ({ site: { company: { siteUrl: "https://www.example.com" } } }) }));

const fields: Record<string, string> = { collection: "pages", slug: "products/commissioning" };
const entry = { get: (key: string) => fields[key], getIn: () => "/products/commissioning" } as unknown as Entry;
const moveTo = (hash: string) => {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent("hashchange"));
};
const notice = () => document.querySelector("[data-lariox-live]");

describe("the notice after a publish", () => {
  it("stays through Decap's move of a new entry to its saved address, and goes when the editor moves on", () => {
    location.hash = "#/collections/pages/new?folder=products";
    showLiveNotice(entry, 10);
    expect(notice()?.textContent).toContain("/products/commissioning");
    moveTo("#/collections/pages/entries/products/commissioning");
    expect(notice()).not.toBeNull();
    moveTo("#/collections/pages");
    expect(notice()).toBeNull();
  });

  it("stays through that move when Decap hands the new page over without its slug, which it works out as it writes the file", () => {
    const unnamed = { get: (key: string) => ({ collection: "pages", slug: "" })[key], getIn: () => "/products/commissioning" } as unknown as Entry;
    location.hash = "#/collections/pages/new?folder=products";
    showLiveNotice(unnamed, 10);
    moveTo("#/collections/pages/entries/products/commissioning");
    expect(notice()).not.toBeNull();
    // Then another entry is a move on.
    moveTo("#/collections/pages/entries/about");
    expect(notice()).toBeNull();
  });
});
