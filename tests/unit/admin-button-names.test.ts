// @vitest-environment jsdom
/** Names for the icon-only buttons on a list item's bar (src/admin/button-names.ts), on items shaped as Decap draws them. */
import { describe, expect, it } from "vitest";
import { nameBarButtons, nameListButtons } from "../../src/admin/button-names.ts";

/** A list item as Decap draws one: its bar (open/close, drag handle, remove), its title, its fields. */
const item = (title: string) =>
  `<div><div class="css-a-StyledListItemTopBar"><button class="css-b-TopBarButton"></button><span></span><button class="css-b-TopBarButton"></button></div><div>${title}</div><div></div></div>`;
const names = () => [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"));

describe("the buttons on a list item's bar", () => {
  it("are named for what they do and the item they do it to", () => {
    document.body.innerHTML = item("About Us") + item("");
    nameBarButtons(document);
    expect(names()).toEqual(["Open or close “About Us”", "Remove “About Us”", "Open or close this item", "Remove this item"]);
  });

  it("are renamed when the form changes the item's title", async () => {
    document.body.innerHTML = item("About Us");
    nameListButtons(document);
    expect(names()[1]).toBe("Remove “About Us”");
    document.querySelector("div > div + div")!.textContent = "About the company";
    await Promise.resolve(); // the observer runs once the change is done
    expect(names()).toEqual(["Open or close “About the company”", "Remove “About the company”"]);
  });
});
