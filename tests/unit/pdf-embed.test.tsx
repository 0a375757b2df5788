// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PdfEmbed, { documentFacts, fileSize } from "../../src/blocks/pdfEmbed/index.tsx";
import { ImagesContext } from "../../src/ui/Img.tsx";
import { registry } from "../../src/blocks/registry.ts";
import type { SectionOf } from "../../src/content/types.ts";

const section: SectionOf<"pdfEmbed"> = { type: "pdfEmbed", title: "InTouch Datasheet", file: "/assets/docs/intouch.pdf", height: 1000 };

describe("<PdfEmbed>", () => {
  it("is a frame the browser loads lazily, in a box of its height, with no script of the page's own", () => {
    const html = renderToString(<PdfEmbed section={section} />);
    expect(html).toMatch(/<iframe[^>]*src="\/assets\/docs\/intouch.pdf"[^>]*height="1000"[^>]*loading="lazy"/);
    expect(html).toContain('title="InTouch Datasheet"');
    expect(html).toContain("min-height:1000px");
    expect(html).not.toContain("<noscript>");
    expect(registry.pdfEmbed.wake).toBeNull();
  });

  it("holds the first page as a picture in its responsive formats, with the name, pages and size, for where the viewer is hidden", () => {
    const entry = { width: 960, height: 1358, hash: "0123456789", pages: 3, bytes: 72_704 };
    const html = renderToString(
      <ImagesContext value={{ [section.file]: entry }}>
        <PdfEmbed section={section} />
      </ImagesContext>,
    );
    expect(html).toContain('<source type="image/webp" srcSet="/assets/img/intouch.0123456789-480.webp 480w, /assets/img/intouch.0123456789-960.webp 960w"');
    expect(html).toMatch(
      /<img[^>]*src="\/assets\/img\/intouch.0123456789-960.jpg"[^>]*alt="First page of the InTouch Datasheet"[^>]*width="960"[^>]*height="1358"[^>]*loading="lazy"/,
    );
    expect(html).toContain("PDF · 3 pages · 71 KB");
    expect(html).toContain("data-pdf-preview");
    // The viewer is there too: the stylesheet chooses by width and by the head's check.
    expect(html).toContain("<iframe");
  });

  it("without a drawn page (the dev server draws none) the card still names the document, with no picture", () => {
    const html = renderToString(<PdfEmbed section={section} />);
    expect(html).toContain("data-pdf-preview");
    expect(html).not.toContain("<picture");
  });

  it("tells sizes and pages as a person reads them", () => {
    expect([fileSize(300), fileSize(72_704), fileSize(2_516_582)]).toEqual(["1 KB", "71 KB", "2.4 MB"]);
    expect(documentFacts({ width: 1, height: 1, pages: 1, bytes: 2048 })).toBe("PDF · 1 page · 2 KB");
  });
});
