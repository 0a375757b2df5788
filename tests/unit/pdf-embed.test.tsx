// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PdfEmbed from "../../src/blocks/pdfEmbed/index.tsx";
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
});
