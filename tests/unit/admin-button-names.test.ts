// @vitest-environment jsdom
/** Names for the icon-only buttons on a list item's bar (src/admin/button-names.ts), on items shaped as Decap draws them. */
import { describe, expect, it } from "vitest";
import { nameBarButtons, nameDragAnnouncement, nameListButtons } from "../../src/admin/button-names.ts";

/** A list item as Decap draws one: its bar (open/close, drag handle, remove), its title, its fields (hidden by a class while closed). */
const item = (title: string, closed = false) =>
  `<div><div class="css-a-StyledListItemTopBar"><button class="css-b-TopBarButton"></button><div role="button" tabindex="0" aria-roledescription="sortable"></div><button class="css-b-TopBarButton"></button></div><div>${title}</div><div class="${closed ? "closed" : ""}"></div></div>`;
const STYLE = "<style>.closed { display: none }</style>";
const names = () => [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"));

describe("the buttons on a list item's bar", () => {
  it("are named for what they do and the item they do it to", () => {
    document.body.innerHTML = item("About Us") + item("");
    nameBarButtons(document);
    expect(names()).toEqual(["Open or close “About Us”", "Remove “About Us”", "Open or close this item", "Remove this item"]);
  });

  it("say whether the item is open, as it opens and closes", async () => {
    document.body.innerHTML = STYLE + item("About Us", true) + item("Our Solutions");
    nameListButtons(document);
    const toggles = () => [...document.querySelectorAll("button[aria-expanded]")].map((b) => b.getAttribute("aria-expanded"));
    expect(toggles()).toEqual(["false", "true"]);
    document.querySelector(".closed")!.className = "";
    await Promise.resolve();
    expect(toggles()).toEqual(["true", "true"]);
  });

  it("are renamed when the form changes the item's title", async () => {
    document.body.innerHTML = item("About Us");
    nameListButtons(document);
    expect(names()[1]).toBe("Remove “About Us”");
    document.querySelector("div > div + div")!.textContent = "About the company";
    await Promise.resolve(); // the observer runs once the change is done
    expect(names()).toEqual(["Open or close “About the company”", "Remove “About the company”"]);
  });

  it("name the drag handle, and the drag announcements name the item moved instead of its random key", () => {
    document.body.innerHTML = item("About Us") + item("Our Solutions") + '<div id="DndLiveRegion-0" role="status"></div>';
    nameBarButtons(document);
    const handle = document.querySelector<HTMLElement>('[aria-roledescription="sortable"]')!;
    expect(handle.getAttribute("aria-label")).toBe("Drag to move “About Us”");
    const region = document.getElementById("DndLiveRegion-0")!;
    region.textContent = "Draggable item 3f2a9c1e-8b7d-4e6f-a5c4-0d1e2f3a4b5c was moved over droppable area 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.";
    nameDragAnnouncement(region, handle);
    expect(region.textContent).toBe("“About Us” was moved over another item.");
    region.textContent = "Picked up draggable item 3f2a9c1e-8b7d-4e6f-a5c4-0d1e2f3a4b5c.";
    nameDragAnnouncement(region, handle);
    expect(region.textContent).toBe("Picked up “About Us”.");
  });
});
