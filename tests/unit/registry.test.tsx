// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { Router } from "wouter";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/blocks/registry.ts";
import { ImagesContext } from "../../src/ui/Img.tsx";
import { RenderSections } from "../../src/blocks/RenderSections.tsx";
import pageSchema from "../../schema/page.schema.json";
import type { Section } from "../../src/content/types.ts";

describe("block registry", () => {
  it("has exactly one component per section type of the schema", () => {
    const sectionTypes = pageSchema.$defs.section.oneOf.map((branch) => branch.$ref.replace("#/$defs/", ""));
    expect(Object.keys(registry).sort()).toEqual(sectionTypes.sort());
  });
});

describe("<RenderSections>", () => {
  const sections: Section[] = [
    { type: "banner", image: "/assets/banners/about.jpg", heading: "About Us", text: "Based in Surat" },
    { type: "richText", heading: "Who we are", paragraphs: ["First.", "Second."], bullets: ["One", "Two"] },
    {
      type: "cardGrid",
      heading: "Our Solutions",
      cards: [
        { title: "PLC & IO Modules", href: "/products/plc" },
        { title: "Cloud Services", description: "No link" },
      ],
    },
    { type: "linkList", links: [{ label: "AVEVA MES", href: "/aveva/aveva-mes" }] },
  ];

  it("draws each section in order with its content", async () => {
    render(
      <Router>
        <RenderSections sections={sections} />
      </Router>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "About Us" })).toBeTruthy();
    expect(screen.getByText("Based in Surat")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Who we are", "Our Solutions"]);
    expect(screen.getByText("Second.")).toBeTruthy();
    const grid = screen.getByRole("heading", { name: "Our Solutions" }).parentElement!;
    expect(
      within(grid)
        .getByRole("link", { name: /PLC & IO Modules/ })
        .getAttribute("href"),
    ).toBe("/products/plc");
    // A card without href is no link at all.
    expect(within(grid).queryByRole("link", { name: /Cloud Services/ })).toBeNull();
    expect(screen.getByRole("link", { name: /AVEVA MES/ }).getAttribute("href")).toBe("/aveva/aveva-mes");
  });

  /** The about banner, drawn with the variants a build that chose `best` for it would name. */
  const renderBanner = async (best: "avif" | "webp") => {
    const { container } = render(
      <Router>
        <ImagesContext value={{ "/assets/banners/about.jpg": { width: 1920, height: 640, hash: "0123456789", avif: best === "avif" || undefined } }}>
          <RenderSections sections={[sections[0]!]} />
        </ImagesContext>
      </Router>,
    );
    const sourceTypes = [...container.querySelectorAll("picture source")].map((s) => s.getAttribute("type"));
    return { container, sourceTypes };
  };

  it("gives the banner image its intrinsic size and, in a build, its variants", async () => {
    const { container, sourceTypes } = await renderBanner("avif");
    expect(sourceTypes).toEqual(["image/avif", "image/webp"]);
    expect(container.querySelector("source[type='image/avif']")?.getAttribute("srcset")).toBe(
      "/assets/img/about.0123456789-480.avif 480w, /assets/img/about.0123456789-960.avif 960w, /assets/img/about.0123456789-1440.avif 1440w, /assets/img/about.0123456789-1920.avif 1920w",
    );
    const img = container.querySelector("img")!;
    expect(img.getAttribute("srcset")).toContain("/assets/img/about.0123456789-480.jpg 480w");
    expect(Number(img.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
  });

  it("offers no AVIF for a photo whose AVIF variants the build found not worth their decoding", async () => {
    const { sourceTypes } = await renderBanner("webp");
    expect(sourceTypes).toEqual(["image/webp"]);
  });

  it("draws a vector logo inline, named by its alt text, and a decorative one hidden", async () => {
    const logos: Section = { type: "logoStrip", heading: "Partners", logos: [{ name: "ABB", image: "/assets/logos/abb.svg" }] };
    const { container } = render(
      <Router>
        <ImagesContext value={{ "/assets/logos/abb.svg": { width: 200, height: 80, viewBox: "0 0 200 80", body: '<circle cx="30" cy="40" r="23"/>' } }}>
          <RenderSections sections={[logos]} />
        </ImagesContext>
      </Router>,
    );
    expect(container.querySelector("img")).toBeNull();
    const named = screen.getByRole("img", { name: "ABB" });
    expect(named.tagName.toLowerCase()).toBe("svg");
    expect([named.getAttribute("viewBox"), named.getAttribute("width"), named.getAttribute("height")]).toEqual(["0 0 200 80", "200", "80"]);
    expect(named.innerHTML).toBe('<circle cx="30" cy="40" r="23"></circle>');
    // The strip's second copy (for the seamless loop) is hidden from assistive technology.
    expect(container.querySelectorAll('svg[aria-hidden="true"][data-src="/assets/logos/abb.svg"]')).toHaveLength(1);
  });
});
