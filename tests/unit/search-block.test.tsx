// @vitest-environment jsdom
import { join } from "node:path";
import { act, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import site from "virtual:site";
import directory from "virtual:directory";
import { loadYaml } from "../../src/content/loaders/load.ts";
import type { Page, SectionOf } from "../../src/content/types.ts";
import type { Found, ResultData } from "../../src/blocks/search/pagefind.ts";

/**
 * The search block from its fixture (tests/fixtures/blocks/search.yaml), over the site's own page
 * list (virtual:directory), with the index's answers given by the test: what the visitor sees and
 * hears for them, not what the index finds (tests/integration/search-index.test.ts).
 */
/** An answer of the index: the first results, and those it gives after them. */
type Answer = { count: number; results: ResultData[]; rest?: Promise<ResultData[]> };
const answers = new Map<string, Answer | Promise<Answer>>();
vi.mock("../../src/blocks/search/pagefind.ts", () => ({
  pagefind: () => Promise.resolve({}),
  search: async (term: string): Promise<Found> => {
    const { count, results, rest = Promise.resolve([]) } = await (answers.get(term) ?? { count: 0, results: [] });
    return { count, results, more: () => rest };
  },
}));
const { Search } = await import("../../src/blocks/search/index.tsx");

const ROOT = join(import.meta.dirname, "../..");
const section = (loadYaml(ROOT, "tests/fixtures/blocks/search.yaml", "page").yaml!.data as Page).sections[0] as SectionOf<"search">;

const offering = directory.pages.find((p) => p.documents.length > 0)!;
const doc = offering.documents[0]!;
const plainPage = directory.pages.find((p) => p.documents.length === 0)!;
const result = (url: string, excerpt: string): ResultData => ({ url, excerpt, meta: {} });

function draw() {
  const view = render(<Search section={section} />);
  const box = within(view.container).getByRole("searchbox", { name: section.label });
  const status = within(view.container).getByRole("status");
  return { view, box, status };
}
const type = async (box: HTMLElement, text: string) => act(async () => void fireEvent.change(box, { target: { value: text } }));

beforeEach(() => history.replaceState(null, "", "/search"));
afterEach(() => answers.clear());

describe("search block", () => {
  it("without a query: a labelled search box, a silent live line, and every page in the menus' groups", () => {
    const { view, box, status } = draw();
    expect(box.closest("form")!.getAttribute("role")).toBe("search");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("");
    const groups = [...view.container.querySelectorAll("h3")].map((h) => h.textContent);
    expect(groups).toEqual([
      section.mainGroup,
      ...site.navigation.menus.map((m) => m.label),
      ...(groups.includes(section.otherGroup) ? [section.otherGroup] : []),
    ]);
    const hrefs = [...view.container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    for (const page of directory.pages) expect(hrefs, page.path).toContain(page.path);
    // A page's documents sit under it.
    const item = [...view.container.querySelectorAll("li")].find((li) => li.querySelector(":scope > a")?.getAttribute("href") === offering.path)!;
    expect([...item.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toContain(doc.file);
  });

  it("names a page by its title and a document by its page's name, marks the query's words, and links the document's page", async () => {
    answers.set("fixture words", {
      count: 2,
      results: [result(doc.file, "a <mark>fixture</mark> passage"), result(`${plainPage.path}/`, "plain <mark>words</mark>")],
    });
    const { view, box, status } = draw();
    await type(box, "fixture words");
    expect(status.textContent).toBe("2 fixture results for “fixture words”");
    const [first, second] = within(view.container).getAllByRole("listitem");
    const docLink = within(first!).getAllByRole("link")[0]!;
    expect(docLink.getAttribute("href")).toBe(doc.file);
    expect(docLink.textContent).toContain(doc.name);
    expect(docLink.getAttribute("target")).toBe("_blank");
    expect(first!.textContent).toContain("PDF");
    expect(first!.querySelector("p + p mark")!.textContent).toBe("fixture");
    expect(within(first!).getByRole("link", { name: offering.title }).getAttribute("href")).toBe(offering.path);
    expect(first!.textContent).toContain(section.onPage);
    expect(within(second!).getAllByRole("link")[0]!.textContent).toBe(plainPage.title);
    await vi.waitFor(() => expect(location.search).toBe("?q=fixture+words"));
    // The list of everything stays in the page, hidden, and comes back as the box empties.
    expect(within(view.container).queryByRole("heading", { name: section.listHeading })).toBeNull();
    expect(within(view.container).getByText(section.listHeading).closest("[hidden]")).not.toBeNull();
  });

  it("says one result in its own words, and no result with the list of everything under it", async () => {
    answers.set("one", { count: 1, results: [result(plainPage.path, "x")] });
    const { view, box, status } = draw();
    await type(box, "one");
    expect(status.textContent).toBe("One fixture result for “one”");
    await vi.waitFor(() => expect(location.search).toBe("?q=one"));
    await type(box, "none at all");
    expect(status.textContent).toBe("No fixture match for “none at all”.");
    expect(within(view.container).getByRole("heading", { name: section.listHeading })).toBeTruthy();
    await type(box, "  ");
    expect(status.textContent).toBe("");
    await vi.waitFor(() => expect(location.search).toBe(""));
  });

  it("shows only the answer to what the box holds now: a slower answer to an earlier query is dropped", async () => {
    let answerSlow!: (answer: Answer) => void;
    answers.set("slow", new Promise((resolve) => (answerSlow = resolve)));
    answers.set("fast", { count: 1, results: [result(plainPage.path, "fast")] });
    const { status, view } = draw();
    const box = within(view.container).getByRole("searchbox");
    await type(box, "slow");
    await type(box, "fast");
    await act(async () => answerSlow({ count: 1, results: [result(doc.file, "slow")] }));
    expect(status.textContent).toBe("One fixture result for “fast”");
    expect(
      within(view.container)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("a")!.getAttribute("href")),
    ).toEqual([plainPage.path]);
  });

  it("shows the first results as they come, and the ones after them below, in order", async () => {
    let answerRest!: (rest: ResultData[]) => void;
    answers.set("many", { count: 3, results: [result(plainPage.path, "first")], rest: new Promise((resolve) => (answerRest = resolve)) });
    const { view, box, status } = draw();
    await type(box, "many");
    const hrefs = () =>
      within(view.container)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("a")!.getAttribute("href"));
    expect(status.textContent).toBe("3 fixture results for “many”");
    expect(hrefs()).toEqual([plainPage.path]);
    await act(async () => answerRest([result(doc.file, "second"), result(offering.path, "third")]));
    expect(hrefs()).toEqual([plainPage.path, doc.file, offering.path]);
  });

  it("searches a query the address brings as it wakes", async () => {
    history.replaceState(null, "", "/search?q=one");
    answers.set("one", { count: 1, results: [result(plainPage.path, "x")] });
    const view = await act(async () => render(<Search section={section} />));
    const box = within(view.container).getByRole("searchbox");
    const status = within(view.container).getByRole("status");
    expect((box as HTMLInputElement).value).toBe("one");
    expect(status.textContent).toBe("One fixture result for “one”");
  });
});
