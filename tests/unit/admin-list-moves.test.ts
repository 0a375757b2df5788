// @vitest-environment jsdom
/** The Move up and Move down buttons on list items' bars (src/admin/list-moves.ts), and a folded item's errors on its title row (folded-errors.ts). */
import { describe, expect, it } from "vitest";
import { placeMoveButtons } from "../../src/admin/list-moves.ts";
import { markFoldedErrors } from "../../src/admin/folded-errors.ts";

/** A list item as Decap draws one: its bar (open/close, drag handle when it can move, remove), its title row, its fields. */
const item = (title: string, { movable = true, folded = true, error = "" } = {}) =>
  `<div><div class="css-a-StyledListItemTopBar"><button></button>${movable ? '<div role="button" aria-roledescription="sortable"></div>' : "<span></span>"}<button></button></div>` +
  `<div class="css-c-NestedObjectLabel">${title}</div>` +
  `<div class="${folded ? "closed" : ""}"><div class="css-d-ControlContainer"><ul class="css-e-ControlErrorsList">${error ? `<li>${error}</li>` : ""}</ul><label>Heading</label><input></div></div></div>`;
/** A list as Decap draws it: its root (by its id), a top bar, then the items and the drag library's announcements. */
const list = (...items: string[]) => `<div id="sections-field-1"><div>4 sections</div><div>${items.join("")}<div id="DndDescribedBy-0"></div></div></div>`;
const STYLE = "<style>.closed { display: none }</style>";
const moves = () =>
  [...document.querySelectorAll<HTMLButtonElement>("[data-lariox-move]")].map((b) => `${b.getAttribute("aria-label")}${b.disabled ? " (off)" : ""}`);

describe("the Move buttons", () => {
  it("are named after the item, and off where the item cannot go further", () => {
    document.body.innerHTML = list(item("About Us"), item("Feature List"), item("Our Solutions"));
    placeMoveButtons(document);
    expect(moves()).toEqual([
      "Move “About Us” up (off)",
      "Move “About Us” down",
      "Move “Feature List” up",
      "Move “Feature List” down",
      "Move “Our Solutions” up",
      "Move “Our Solutions” down (off)",
    ]);
  });

  it("are put once on each bar, and not on an item that cannot be moved", () => {
    document.body.innerHTML = list(item("About Us"), item("Fixed", { movable: false }));
    placeMoveButtons(document);
    placeMoveButtons(document);
    expect(document.querySelectorAll("[data-lariox-moves]")).toHaveLength(1);
  });
});

describe("a folded item's errors", () => {
  it("are shown in words on its title row while it is folded, and go when it opens or is fixed", () => {
    document.body.innerHTML =
      STYLE + list(item("   ", { error: "Heading: should be some words, not only spaces." }), item("Our Solutions", { error: "is required" }));
    markFoldedErrors(document);
    const rows = [...document.querySelectorAll<HTMLElement>('[class*="-NestedObjectLabel"]')];
    expect(rows.map((r) => r.dataset.larioxErrors)).toEqual(["Heading: should be some words, not only spaces.", "Heading: is required"]);
    rows[0]!.nextElementSibling!.classList.remove("closed");
    document.querySelector("li")!.remove();
    markFoldedErrors(document);
    expect(rows.map((r) => r.dataset.larioxErrors)).toEqual([undefined, "Heading: is required"]);
  });
});
