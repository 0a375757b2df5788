// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderSections } from "../../src/blocks/RenderSections.tsx";
import { islandTypes, registry } from "../../src/blocks/registry.ts";
import { islandCode } from "../../src/blocks/islands.generated.ts";
import { RenderIslandContext, type RenderIsland } from "../../src/islands/Island.tsx";
import { hydrateIsland } from "../../src/islands/hydrate.tsx";
import { bootTags, type InlineScripts, type SiteFiles } from "../../scripts/build/boot.ts";
import site from "virtual:site";
import { join } from "node:path";
import { loadYaml } from "../../src/content/loaders/load.ts";
import type { Page, Section } from "../../src/content/types.ts";
import { ImagesContext } from "../../src/ui/Img.tsx";
import { CurrentPageContext } from "../../src/ui/current-page.ts";

const renderIsland: RenderIsland = (tree, identifierPrefix) => renderToString(tree, { identifierPrefix });

/** The first section of a block's fixture page (tests/fixtures/blocks/<type>.yaml). */
const fixture = (type: string) => (loadYaml(join(import.meta.dirname, "../.."), `tests/fixtures/blocks/${type}.yaml`, "page").yaml!.data as Page).sections[0]!;
const form = fixture("form");
const text = fixture("richText");

/** A page's sections as the prerender writes them, on the page at `path`. */
const prerender = (sections: Section[], path = "/fixtures/form") =>
  renderToString(
    <RenderIslandContext value={renderIsland}>
      <CurrentPageContext value={{ title: "Fixture", path }}>
        <ImagesContext value={{}}>
          <RenderSections sections={sections} />
        </ImagesContext>
      </CurrentPageContext>
    </RenderIslandContext>,
  );

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("islands", () => {
  it("only blocks whose folder says when they wake are islands, and each has its code for the browser", () => {
    const interactive = Object.entries(registry)
      .filter(([, b]) => b.wake)
      .map(([type]) => type)
      .sort();
    expect(interactive).toEqual(Object.keys(islandCode).sort());
    expect(interactive).toContain("hero");
    expect(interactive).toContain("form");
    expect(islandTypes([text])).toEqual([]);
    expect(islandTypes([text, form, form])).toEqual(["form"]);
  });

  it("the prerender writes an interactive block as its own root with its props and moment; other blocks stay plain HTML", () => {
    const html = prerender([text, form]);
    document.body.innerHTML = html;
    const islands = document.querySelectorAll<HTMLElement>("[data-island]");
    expect(islands).toHaveLength(1);
    const island = islands[0]!;
    expect([island.dataset.island, island.dataset.wake]).toEqual(["form", registry.form.wake]);
    expect(JSON.parse(island.dataset.props!).section).toEqual(form);
    expect(island.querySelector("form")).not.toBeNull();
    expect(document.body.textContent).toContain((text as { heading: string }).heading);
    expect(island.textContent).not.toContain((text as { heading: string }).heading);
  });

  it("an island hydrates from what the prerender wrote, without a mismatch, ids included", async () => {
    document.body.innerHTML = prerender([text, form]);
    const island = document.querySelector<HTMLElement>("[data-island]")!;
    const ids = [...island.querySelectorAll("[id]")].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(0);
    const errors = vi.spyOn(console, "error");
    const { default: Form } = await import("../../src/blocks/form/index.tsx");
    await act(async () => hydrateIsland(island, Form as never));
    await vi.waitFor(() => expect(island.hasAttribute("data-hydrated")).toBe(true));
    expect(errors).not.toHaveBeenCalled();
    expect([...island.querySelectorAll("[id]")].map((el) => el.id)).toEqual(ids);
  });

  it("an island knows the page it is on, as a block drawn in place does: the form posts its path without script", async () => {
    document.body.innerHTML = prerender([form], "/get-a-quote");
    const island = document.querySelector<HTMLElement>("[data-island]")!;
    const pageField = () => island.querySelector<HTMLInputElement>('form input[type="hidden"][name="page"]')?.value;
    expect(pageField()).toBe("/get-a-quote");
    const { default: Form } = await import("../../src/blocks/form/index.tsx");
    await act(async () => hydrateIsland(island, Form as never));
    await vi.waitFor(() => expect(island.hasAttribute("data-hydrated")).toBe(true));
    expect(pageField()).toBe("/get-a-quote");
  });
});

describe("a page's scripts", () => {
  const scripts: InlineScripts = {
    intro: "intro()",
    visit: "visit()",
    shell: "shell()",
    menus: "menus()",
    cursor: "cursor()",
    ahead: "ahead()",
    embeds: "embeds()",
    beacon: "beacon()",
    islands: "islands()",
    speculation: "{}",
  };
  const files: SiteFiles = { stylesheet: "/assets/style.css", islands: "/assets/islands.js", cursor: "/assets/cursor.js" };

  it("a page without islands names no module at all; one with islands has the runtime's loader alone, which names the runtime", () => {
    const without = bootTags(scripts, files, site, false);
    expect(without).not.toMatch(/type="module"|modulepreload|islands/);
    expect(without).toContain('<script type="speculationrules">{}</script>');
    const withIslands = bootTags(scripts, files, site, true);
    expect(withIslands).toContain('<script data-islands="/assets/islands.js">islands()</script>');
    expect(withIslands).not.toMatch(/type="module"|modulepreload/);
  });
});
