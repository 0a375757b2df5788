// @vitest-environment jsdom
/** Names for the icon-only buttons on a list item's bar (src/admin/button-names.ts), on items shaped as Decap draws them. */
import { describe, expect, it } from "vitest";
import { nameBarButtons, nameListButtons } from "../../src/admin/button-names.ts";

/** A list item as Decap draws one: its bar (open/close, drag handle, remove), its title, its fields (hidden by a class while closed). */
const item = (title: string, closed = false) =>
  `<div><div class="css-a-StyledListItemTopBar"><button class="css-b-TopBarButton"></button><span></span><button class="css-b-TopBarButton"></button></div><div>${title}</div><div class="${closed ? "closed" : ""}"></div></div>`;
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
});
