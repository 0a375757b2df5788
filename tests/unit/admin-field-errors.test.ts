// @vitest-environment jsdom
/** The pre-save check's messages at their fields (src/admin/field-errors.ts), on a form shaped as Decap draws it. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fieldAt, showFieldErrors } from "../../src/admin/field-errors.ts";

/** A list item as Decap draws one: label, top bar (its first button opens and closes it), summary, then its fields, here closed. */
const item = (fields: string) =>
  `<div><label></label><div><button class="toggle"></button><button></button></div><div></div><div style="display: none"><div>${fields}</div></div></div>`;
const list = (id: string, items: string[]) => `<div id="${id}"><div><button></button></div><div>${items.join("")}</div></div>`;
const control = (inner: string) => `<div>${inner}</div>`;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  // The page summary is filled in; the first card's text is empty and comes before it in no way but by name.
  document.body.innerHTML = `<main>
    ${control('<input id="path-field-1" value="/about">')}
    ${control('<textarea id="description-field-3">We automate plants.</textarea>')}
    ${control(
      list("sections-field-5", [
        item(control('<input id="heading-field-8" value="About Us">')),
        item(
          control('<input id="heading-field-11" value="Our Solutions">') +
            control(list("cards-field-31", [item(control('<textarea id="description-field-34"></textarea>'))])) +
            control(list("paragraphs-field-12", [item('<input id="paragraph-field-14">'), item('<input id="paragraph-field-15">')])),
        ),
      ]),
    )}
  </main>`;
  // Decap opens an item when its toggle is pressed.
  for (const toggle of document.querySelectorAll<HTMLButtonElement>("button.toggle"))
    toggle.addEventListener("click", () => ((toggle.parentElement!.parentElement!.lastElementChild as HTMLElement).style.display = "block"));
});

const noteAfter = (id: string) => document.getElementById(id)!.nextElementSibling;

describe("a pre-save message is shown at its own field", () => {
  it("finds a field by its whole pointer, not by a name used at several levels", () => {
    expect(fieldAt("/description")?.id).toBe("description-field-3");
    expect(fieldAt("/sections/1/heading")?.id).toBe("heading-field-11");
    expect(fieldAt("/sections/1/cards/0/description")?.id).toBe("description-field-34");
    expect(fieldAt("/sections/1/paragraphs/1")?.id).toBe("paragraph-field-15");
    expect(fieldAt("/sections/2/heading")).toBeUndefined();
    expect(fieldAt("")).toBeUndefined();
  });

  it("puts a message about the page summary under the summary, though a card's text is the empty one", () => {
    showFieldErrors([{ pointer: "/description", text: "Summary for search engines: should be at least 50 characters long" }]);
    expect(noteAfter("description-field-3")?.textContent).toBe("Summary for search engines: should be at least 50 characters long");
    expect(document.querySelectorAll("[data-lariox-error]")).toHaveLength(1);
  });

  it("answers the messages it has no field for, so the editor's notice lists them instead", () => {
    const placed = { pointer: "/description", text: "Summary for search engines: is required" };
    const nowhere = { pointer: "/sections/2/heading", text: "Heading: is required" };
    expect(showFieldErrors([placed, nowhere])).toEqual([nowhere]);
    expect(document.querySelectorAll("[data-lariox-error]")).toHaveLength(1);
  });

  it("opens the closed section and card a message is in, and the message goes once the field is changed", () => {
    showFieldErrors([{ pointer: "/sections/1/cards/0/description", text: "Card text: is required" }]);
    const field = document.getElementById("description-field-34")!;
    expect(noteAfter("description-field-34")?.textContent).toBe("Card text: is required");
    for (let el = field.parentElement; el; el = el.parentElement) expect(getComputedStyle(el).display).not.toBe("none");
    expect(getComputedStyle(document.querySelector("#heading-field-8")!.closest("[style]")!).display).toBe("none");
    field.dispatchEvent(new Event("input"));
    expect(document.querySelectorAll("[data-lariox-error]")).toHaveLength(0);
  });
});
