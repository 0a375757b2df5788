// @vitest-environment jsdom
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { act, fireEvent, render, within, cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import site from "virtual:site";
import pageSchema from "../../schema/page.schema.json";
import { fill, telHref } from "../../src/ui/format.ts";
import { mapEmbedUrl, mapTitle } from "../../src/ui/map.ts";
import { RenderSections } from "../../src/blocks/RenderSections.tsx";
import { formatError } from "../../src/content/errors.ts";
import { loadYaml } from "../../src/content/loaders/load.ts";
import type { Page, SectionOf, SectionType } from "../../src/content/types.ts";

/**
 * Every block drawn by the real components from a fixture page (tests/fixtures/blocks/<type>.yaml),
 * so these tests pin what a block does with what it is given, and editors can change the real
 * pages' content (add a brochure, drop a logo) without a test turning red.
 */

const ROOT = join(import.meta.dirname, "../..");
const DIR = "tests/fixtures/blocks";
const SECTION_TYPES = pageSchema.$defs.section.oneOf.map((branch) => branch.$ref.replace("#/$defs/", "")) as SectionType[];

/** The sections of a fixture page, checked by the content validator like a page under content/. */
function fixture<T extends SectionType>(type: T): SectionOf<T>[] {
  const { yaml, errors } = loadYaml(ROOT, `${DIR}/${type}.yaml`, "page");
  expect(errors.map(formatError)).toEqual([]);
  const sections = (yaml!.data as Page).sections;
  const own = sections.filter((s): s is SectionOf<T> => s.type === type);
  expect(own).toHaveLength(sections.length);
  return own;
}

/** Draws the fixture page of `type` at `path`; `roots[i]` is the element of its i-th section. */
async function show<T extends SectionType>(type: T, path = "/") {
  const sections = fixture(type);
  const location = memoryLocation({ path });
  const { container } = render(
    <Router hook={location.hook}>
      <RenderSections sections={sections} />
    </Router>,
  );
  const roots = [...container.children] as HTMLElement[];
  return { sections, roots };
}

const texts = (elements: Iterable<Element>) => [...elements].map((e) => e.textContent);
const attrs = (elements: Iterable<Element>, name: string) => [...elements].map((e) => e.getAttribute(name));

/** jsdom has no layout observers; `intersecting` says whether observed elements are in view at once. */
function stubObservers(intersecting: boolean) {
  class Observer {
    constructor(private callback: IntersectionObserverCallback) {}
    observe() {
      if (intersecting) this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal("IntersectionObserver", Observer);
  vi.stubGlobal("ResizeObserver", Observer);
}

afterEach(async () => {
  toast.dismiss(); // sonner replays still-active toasts to the next Toaster
  cleanup();
  vi.unstubAllGlobals();
});

describe("block fixtures", () => {
  it("has one fixture page per section type of the schema, and no other", () => {
    const files = readdirSync(join(ROOT, DIR)).filter((f) => f.endsWith(".yaml"));
    expect(files.map((f) => f.replace(/\.yaml$/, "")).sort()).toEqual([...SECTION_TYPES].sort());
  });

  it.each(SECTION_TYPES)("%s.yaml is a valid page of sections of that type only", (type) => {
    expect(fixture(type).length).toBeGreaterThan(0);
  });
});

describe("blocks drawn from their fixture", () => {
  it("banner: its heading is the page's h1, its text shows only when given, the photo is decorative", async () => {
    const { sections, roots } = await show("banner");
    sections.forEach((section, i) => {
      const root = within(roots[i]!);
      expect(root.getByRole("heading", { level: 1 }).textContent).toBe(section.heading);
      expect(texts(roots[i]!.querySelectorAll("p"))).toEqual(section.text ? [section.text] : []);
      expect(attrs(roots[i]!.querySelectorAll("img"), "src")).toEqual([section.image]);
      expect(attrs(roots[i]!.querySelectorAll("img"), "alt")).toEqual([""]);
    });
    expect(sections.some((s) => !s.text)).toBe(true);
  });

  it("hero: a carousel of its slides with a dot each, its taglines, its button, and a pause that toggles", async () => {
    stubObservers(false);
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    const { sections, roots } = await show("hero");
    const [many, single] = [sections[0]!, sections[1]!];
    const hero = roots[0]!;
    expect(hero.getAttribute("aria-roledescription")).toBe("carousel");
    expect(hero.getAttribute("aria-label")).toBe(many.heading);
    expect(within(hero).getByRole("heading", { level: 1 }).textContent).toBe(many.heading);
    expect(attrs(hero.querySelectorAll("[aria-roledescription=slide]"), "aria-label")).toEqual(many.slides.map((_, i) => `${i + 1} / ${many.slides.length}`));
    const dots = many.slides.map((_, i) => within(hero).getByRole("button", { name: fill(site.ui.goToSlide, { n: i + 1 }) }));
    expect(attrs(dots, "aria-current")).toEqual(many.slides.map((_, i) => String(i === 0)));
    expect(within(hero).getByText(many.taglines.join(". "))).toBeTruthy();
    expect(within(hero).getByRole("link", { name: many.cta.label }).getAttribute("href")).toBe(many.cta.href);

    // Once the carousel is ready it plays; the button pauses it and plays it again.
    fireEvent.click(await within(hero).findByRole("button", { name: site.ui.pauseCarousel }));
    fireEvent.click(within(hero).getByRole("button", { name: site.ui.playCarousel }));
    expect(within(hero).getByRole("button", { name: site.ui.pauseCarousel })).toBeTruthy();

    // A single slide has nothing to step through: no buttons at all.
    expect(single.slides).toHaveLength(1);
    expect(within(roots[1]!).queryAllByRole("button")).toEqual([]);
    expect(within(roots[1]!).getByRole("link", { name: single.cta.label }).getAttribute("href")).toBe(single.cta.href);
  });

  it("richText: eyebrow, heading, each paragraph and each bullet in order; nothing it was not given", async () => {
    const { sections, roots } = await show("richText");
    const [full, bare] = [sections[0]!, sections[1]!];
    expect(within(roots[0]!).getByRole("heading", { level: 2 }).textContent).toBe(full.heading);
    // The eyebrow, then each paragraph (the one folded over two YAML lines is one).
    expect(texts(roots[0]!.querySelectorAll("p"))).toEqual([full.eyebrow, ...full.paragraphs]);
    expect(texts(within(roots[0]!).getAllByRole("listitem"))).toEqual(full.bullets);
    expect(within(roots[1]!).queryByRole("heading")).toBeNull();
    expect(within(roots[1]!).queryByRole("list")).toBeNull();
    expect(texts(roots[1]!.querySelectorAll("p"))).toEqual(bare.paragraphs);
  });

  it("cardGrid: one card per entry with its title; a card with href is one link, one without is none", async () => {
    const { sections, roots } = await show("cardGrid");
    const section = sections[0]!;
    const grid = within(roots[0]!);
    expect(grid.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(grid.getByText(section.intro!)).toBeTruthy();
    const cards = within(grid.getAllByRole("list")[0]!).getAllByRole("listitem");
    expect(cards).toHaveLength(section.cards.length);
    section.cards.forEach((card, i) => {
      const cell = within(cards[i]!);
      expect(cell.getByRole("heading", { level: 3 }).textContent).toBe(card.title);
      if (card.description) expect(cell.getByText(card.description)).toBeTruthy();
      const links = cell.queryAllByRole("link");
      expect(attrs(links, "href")).toEqual(card.href ? [card.href] : []);
      if (card.href?.startsWith("https:")) expect(links[0]!.getAttribute("target")).toBe("_blank");
      if (card.linkLabel) expect(cell.getByText(`${card.linkLabel} →`).getAttribute("aria-hidden")).toBe("true");
      expect(attrs(cards[i]!.querySelectorAll("img"), "alt")).toEqual([...(card.image ? [card.image.alt] : []), ...(card.icon ? [""] : [])]);
    });
    expect(section.cards.some((c) => !c.href)).toBe(true);
    expect(grid.getByRole("link", { name: section.cta!.label }).getAttribute("href")).toBe(section.cta!.href);

    // An internal card link is an ordinary link: the next page loads as a document (Speculation Rules load it ahead).
    const internal = section.cards.find((c) => c.href?.startsWith("/"))!;
    const link = grid.getByText(internal.title).closest("a")!;
    expect([link.getAttribute("href"), link.getAttribute("target")]).toEqual([internal.href, null]);
  });

  it("logoStrip: each logo named once, and a hidden copy of the list for the seamless loop", async () => {
    const { sections, roots } = await show("logoStrip");
    const section = sections[0]!;
    const strip = within(roots[0]!);
    expect(strip.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(strip.getAllByRole("listitem")).toHaveLength(section.logos.length);
    expect(attrs(strip.getAllByRole("img"), "alt")).toEqual(section.logos.map((l) => l.name));
    const copy = roots[0]!.querySelectorAll('li[aria-hidden="true"]');
    expect(roots[0]!.querySelectorAll("li")).toHaveLength(2 * section.logos.length);
    expect(attrs(copy, "aria-hidden")).toEqual(section.logos.map(() => "true"));
    expect(attrs(roots[0]!.querySelectorAll('li[aria-hidden="true"] img'), "src")).toEqual(section.logos.map((l) => l.image));
  });

  it("logoGrid: heading, intro and each logo named by its name", async () => {
    const { sections, roots } = await show("logoGrid");
    const section = sections[0]!;
    const grid = within(roots[0]!);
    expect(grid.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(grid.getByText(section.intro!)).toBeTruthy();
    expect(grid.getAllByRole("listitem")).toHaveLength(section.logos.length);
    expect(attrs(grid.getAllByRole("img"), "alt")).toEqual(section.logos.map((l) => l.name));
  });

  it("accordion: a closed disclosure per item, split over the columns, each opening on its protocols", async () => {
    const { sections, roots } = await show("accordion");
    const section = sections[0]!;
    const root = roots[0]!;
    expect(within(root).getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(within(root).getByText(section.intro!)).toBeTruthy();
    const details = [...root.querySelectorAll("details")];
    expect(texts(root.querySelectorAll("details > summary"))).toEqual(section.items.map((item) => item.title));
    expect(details.map((d) => d.open)).toEqual(section.items.map(() => false));
    // columns: 2 puts the first half (rounded up) in the first list.
    const lists = [...new Set(details.map((d) => d.closest("ul")))];
    const perColumn = Math.ceil(section.items.length / section.columns!);
    expect(lists.map((l) => l!.querySelectorAll("details").length)).toEqual([perColumn, section.items.length - perColumn]);

    section.items.forEach((item, i) => {
      const panel = within(details[i]!);
      expect(texts(panel.queryAllByRole("heading", { level: 3, hidden: true }))).toEqual(item.protocols.flatMap((p) => (p.type ? [p.type] : [])));
      const items = item.protocols.flatMap((p) => [...p.devices, ...(p.notSupported ?? [])]);
      expect(texts(details[i]!.querySelectorAll("li"))).toEqual(items);
      for (const p of item.protocols) if (p.description) expect(panel.getByText(p.description)).toBeTruthy();
      const unsupported = item.protocols.some((p) => p.notSupported?.length);
      expect(panel.queryAllByText(`${site.ui.notSupported}:`)).toHaveLength(unsupported ? 1 : 0);
    });
    expect(section.items.some((item) => item.protocols.some((p) => p.notSupported?.length))).toBe(true);

    // The summary opens its item and closes it again (native details: keyboard-ready too).
    const summary = details[0]!.querySelector("summary")!;
    fireEvent.click(summary);
    expect(details[0]!.open).toBe(true);
    fireEvent.click(summary);
    expect(details[0]!.open).toBe(false);
  });

  it("pdfEmbed: the viewer at its height once in view, titled; a download and an open-in-a-new-tab link", async () => {
    stubObservers(true);
    const { sections, roots } = await show("pdfEmbed");
    sections.forEach((section, i) => {
      const root = within(roots[i]!);
      expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading ?? section.title);
      const frame = roots[i]!.querySelector("iframe")!;
      expect([frame.getAttribute("src"), frame.getAttribute("title"), frame.getAttribute("height")]).toEqual([
        section.file,
        section.title,
        String(section.height),
      ]);
      expect((frame.parentElement as HTMLElement).style.minHeight).toBe(`${section.height}px`);
      const download = root.getByRole("link", { name: `${site.ui.download} ${section.title}` });
      expect([download.getAttribute("href"), download.getAttribute("target"), download.hasAttribute("download")]).toEqual([section.file, "_blank", true]);
      const open = root.getByRole("link", { name: `${fill(site.ui.pdfFallback, { name: section.title })} ${site.ui.opensInNewTab}` });
      expect([open.getAttribute("href"), open.getAttribute("target")]).toEqual([section.file, "_blank"]);
    });
    expect(sections.some((s) => !s.heading) && sections.some((s) => s.heading)).toBe(true);
  });

  it("documentList: one card or row per document, each with a Download link to its file in a new tab", async () => {
    const { sections, roots } = await show("documentList");
    expect(sections.map((s) => s.layout)).toEqual(["grid", "list"]);
    sections.forEach((section, i) => {
      const root = within(roots[i]!);
      expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
      if (section.intro) expect(root.getByText(section.intro)).toBeTruthy();
      const items = root.getAllByRole("listitem");
      expect(items).toHaveLength(section.documents.length);
      section.documents.forEach((doc, j) => {
        const item = within(items[j]!);
        expect(item.getByRole("heading", { level: 3 }).textContent).toBe(doc.name);
        expect(texts(items[j]!.querySelectorAll("p"))).toEqual(doc.description ? [doc.description] : []);
        // A picture shows in the grid only: the cover, or for a brochure without one the company's logo, unnamed (it says nothing of the brochure).
        const pictures = [...items[j]!.querySelectorAll("img")];
        expect(pictures).toHaveLength(section.layout === "grid" ? 1 : 0);
        if (section.layout === "grid") expect(pictures[0]!.getAttribute("alt")).toBe(doc.image ? doc.image.alt : "");
        const link = item.getByRole("link");
        expect(link.textContent).toBe(`${site.ui.download} ${doc.name} ${site.ui.opensInNewTab}`);
        expect([link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")]).toEqual([doc.file, "_blank", "noopener"]);
      });
    });
  });

  it("linkList: each link with its label and description, the current page's marked as such", async () => {
    const current = "/training";
    const { sections, roots } = await show("linkList", current);
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.intro!)).toBeTruthy();
    const links = root.getAllByRole("link");
    expect(attrs(links, "href")).toEqual(section.links.map((l) => l.href));
    section.links.forEach((l, i) => {
      expect(links[i]!.textContent).toContain(`${l.label} →`);
      if (l.description) expect(links[i]!.textContent).toContain(l.description);
      expect(links[i]!.getAttribute("aria-current")).toBe(l.href === current ? "page" : null);
      if (l.href.startsWith("https:")) expect(links[i]!.getAttribute("target")).toBe("_blank");
    });
    expect(section.links.some((l) => l.href === current)).toBe(true);
  });

  it("featureList: each feature with its title, text and, when given, icon", async () => {
    const { sections, roots } = await show("featureList");
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.intro!)).toBeTruthy();
    const items = root.getAllByRole("listitem");
    expect(texts(items.map((li) => li.querySelector("h3")!))).toEqual(section.features.map((f) => f.title));
    expect(texts(items.map((li) => li.querySelector("p")!))).toEqual(section.features.map((f) => f.text));
    expect(items.map((li) => li.querySelectorAll("img").length)).toEqual(section.features.map((f) => (f.icon ? 1 : 0)));
  });

  it("listColumns: a headed list per column with its items in order", async () => {
    const { sections, roots } = await show("listColumns");
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.intro!)).toBeTruthy();
    expect(texts(root.getAllByRole("heading", { level: 3 }))).toEqual(section.columns.map((c) => c.heading));
    expect(root.getAllByRole("list").map((list) => texts(within(list).getAllByRole("listitem")))).toEqual(section.columns.map((c) => c.items));
  });

  it("cta: heading, text and a button per entry, another site's opening in a new tab", async () => {
    const { sections, roots } = await show("cta");
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.text!)).toBeTruthy();
    const links = root.getAllByRole("link");
    expect(attrs(links, "href")).toEqual(section.buttons.map((b) => b.href));
    expect(attrs(links, "target")).toEqual(section.buttons.map((b) => (b.href.startsWith("https:") ? "_blank" : null)));
    expect(section.buttons.some((b) => b.href.startsWith("https:"))).toBe(true);
  });

  it("form: a labelled field per entry, required ones marked, the side panel; empty required fields are named", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { sections, roots } = await show("form");
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.intro!)).toBeTruthy();
    for (const f of section.fields) {
      const input = root.getByLabelText(new RegExp(`^${f.label}`)) as HTMLInputElement | HTMLTextAreaElement;
      expect([input.name, input.required, input.tagName === "TEXTAREA" ? "textarea" : input.type]).toEqual([f.name, Boolean(f.required), f.input]);
      if (f.rows) expect((input as HTMLTextAreaElement).rows).toBe(f.rows);
      expect(input.labels![0]!.textContent).toBe(f.required ? `${f.label}*` : f.label);
    }
    expect(root.getByText(section.requiredNote!)).toBeTruthy();
    const aside = within(root.getByRole("complementary"));
    expect(aside.getByRole("heading", { level: 3 }).textContent).toBe(section.aside!.heading);
    expect(texts(aside.getAllByRole("heading", { level: 4 }))).toEqual(section.aside!.items.map((item) => item.title));

    // Submitted empty, each required field says so under it (the fixture's message) and nothing is sent.
    await act(async () => fireEvent.click(root.getByRole("button", { name: section.submitLabel })));
    const required = section.fields.filter((f) => f.required);
    for (const f of required) {
      const input = root.getByLabelText(new RegExp(`^${f.label}`));
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby")!)!.textContent).toBe(section.requiredMessage!.replace("{label}", f.label));
    }
    expect(document.activeElement).toBe(root.getByLabelText(new RegExp(`^${required[0]!.label}`)));
    // Nothing posted: the only request is the time token the form asks for when shown.
    expect(fetch.mock.calls.map(([url]) => String(url).split("?")[0])).toEqual(["/api/forms/time-token"]);
  });

  it("contactBlock: the office map, the main phone number and opening hours from site.yaml, and its link", async () => {
    const { sections, roots } = await show("contactBlock");
    const section = sections[0]!;
    const root = within(roots[0]!);
    expect(root.getByRole("heading", { level: 2 }).textContent).toBe(section.heading);
    expect(root.getByText(section.text!)).toBeTruthy();
    const map = roots[0]!.querySelector("iframe")!;
    expect([map.getAttribute("src"), map.getAttribute("title"), map.getAttribute("loading")]).toEqual([
      mapEmbedUrl(site.contact),
      mapTitle(site.contact),
      "lazy",
    ]);
    const phone = root.getByRole("link", { name: site.contact.phones[0] });
    expect(phone.getAttribute("href")).toBe(telHref(site.contact.phones[0]!));
    expect(root.getByText(site.contact.hours)).toBeTruthy();
    expect(root.getByRole("link", { name: section.link.label }).getAttribute("href")).toBe(section.link.href);
  });
});
