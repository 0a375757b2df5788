// @vitest-environment node
/**
 * The media library's unused files (src/admin/unused-files.ts) on the content fixture: a file no
 * page, menu or setting uses is unused; one a page or the site's settings use is not; the site's
 * own files straight under /assets are never offered for removal.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSiteIndex } from "../../scripts/cms/site-index.ts";
import type { SiteIndex } from "../../src/content/types.ts";
import { isUnused, unusedLine } from "../../src/admin/unused-files.ts";

const fixture = readSiteIndex(join(import.meta.dirname, "../fixtures/content/base"));
/** The fixture with two files in a folder of their own: a banner a page uses and a datasheet nothing links to. */
function withFolder(): SiteIndex {
  const index: SiteIndex = structuredClone({ ...fixture, assets: [...fixture.assets, "/assets/datasheets/old.pdf", "/assets/banners/hero.jpg"] });
  const about = index.pages.find((p) => p.file.endsWith("about.yaml"))!;
  (about.data.sections[0] as { image: string }).image = "/assets/banners/hero.jpg";
  return index;
}

describe("files nothing uses", () => {
  it("a file in a folder that no page, menu or setting uses is unused", () => {
    expect(isUnused(withFolder(), "public/assets/datasheets/old.pdf")).toBe(true);
  });

  it("a file a page uses is not", () => {
    expect(isUnused(withFolder(), "public/assets/banners/hero.jpg")).toBe(false);
  });

  it("once the page stops using it, it is", () => {
    const index = withFolder();
    const about = index.pages.find((p) => p.file.endsWith("about.yaml"))!;
    (about.data.sections[0] as { image: string }).image = "/assets/banner.jpg";
    expect(isUnused(index, "public/assets/banners/hero.jpg")).toBe(true);
  });

  it("the site's own files straight under /assets are never offered, used or not", () => {
    expect(isUnused(withFolder(), "public/assets/logo.svg")).toBe(false);
    expect(isUnused(withFolder(), "public/assets/banner.jpg")).toBe(false);
  });

  it("the line under the title counts them, and is empty without any", () => {
    expect(unusedLine(0)).toBe("");
    expect(unusedLine(1)).toMatch(/^One file in the library is not used on any page \(marked “Not used on any page”\)/);
    expect(unusedLine(3)).toMatch(/^3 files in the library are not used on any page/);
  });
});
