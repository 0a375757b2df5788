// @vitest-environment jsdom
import { createElement } from "react";
import { act, fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import site from "virtual:site";
import { NavBar } from "../../src/shell/NavBar.tsx";
// The page's inline shell script: its rules listen on the document, as on a built page.
import "../../src/boot/shell.ts";

// jsdom has no matchMedia; the shell script asks it whether the menus are the wide screens' bar of
// dropdowns. These tests are the phone's menu.
window.matchMedia = (media: string) =>
  ({
    matches: false,
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/**
 * The navigation's state is its <details> (src/shell/menu-state.ts): the browser opens and closes
 * them, and the inline shell script (src/boot/shell.ts) adds the closing rules. Each toggle is named
 * by its summary's text: the hamburger (ui.openMenu), a menu (its label) or a sub-group
 * (ui.expandGroup with the group's label). The labels are read from content/site.yaml, so an
 * editor renaming a menu or a group changes what is pressed, not whether the test passes.
 */
const { menus } = site.navigation;
const groupsOf = (menu: (typeof menus)[number]) => menu.items.filter((item) => item.children !== undefined).map((item) => item.label);
// A menu with two groups and another menu with one: what the state rules need to be seen.
const wide = menus.find((menu) => groupsOf(menu).length >= 2)!;
const other = menus.find((menu) => menu !== wide && groupsOf(menu).length >= 1)!;
const [first, second] = groupsOf(wide) as [string, string];
const [otherGroup] = groupsOf(other) as [string];
const expand = (label: string) => site.ui.expandGroup.replace("{label}", label);
const expandPattern = new RegExp(`^${site.ui.expandGroup.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{label\\}", "(.*)")}$`);
const MENU = site.ui.openMenu;
const firstLink = wide.items.find((item) => item.label === first)!.children![0]!.href;

function navBar() {
  const header = render(createElement(NavBar)).container.querySelector("header")!;
  const summaryText = (d: Element) => d.querySelector("summary")!.textContent!;
  const details = (name: string) =>
    [...header.querySelectorAll("details")].find((d) => (name === MENU ? summaryText(d).startsWith(MENU) : summaryText(d) === name))!;
  const names = (d: Element) => {
    const text = summaryText(d);
    if (text.startsWith(MENU)) return "menu";
    return expandPattern.exec(text)?.[1] ?? text;
  };
  return {
    header,
    /** A click on a toggle, as a tap or Enter would; then the toggle events the browser queues. */
    async press(...toggles: string[]) {
      for (const name of toggles) {
        fireEvent.click(details(name).querySelector("summary")!);
        await settle();
      }
    },
    open: () => [...header.querySelectorAll("details[open]")].map(names).sort(),
  };
}

const sorted = (...names: string[]) => [...names].sort();

// Toggle events are queued as tasks; the rules run in them, and may queue more.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe("mobile menu state", () => {
  it("starts closed with every group collapsed", () => {
    expect(navBar().open()).toEqual([]);
  });

  it("opens and closes with the hamburger", async () => {
    const nav = navBar();
    await nav.press(MENU);
    expect(nav.open()).toEqual(["menu"]);
    await nav.press(MENU);
    expect(nav.open()).toEqual([]);
  });

  it("opens and closes groups independently", async () => {
    const nav = navBar();
    await nav.press(MENU, other.label, wide.label, expand(first), expand(second));
    expect(nav.open()).toEqual(sorted(other.label, wide.label, first, second, "menu"));
    await nav.press(other.label);
    expect(nav.open()).toEqual(sorted(wide.label, first, second, "menu"));
  });

  it("closing a group closes its sub-groups too", async () => {
    const nav = navBar();
    await nav.press(wide.label, expand(first), other.label, expand(otherGroup));
    await nav.press(wide.label);
    expect(nav.open()).toEqual(sorted(other.label, otherGroup));
    await nav.press(wide.label);
    expect(nav.open()).toEqual(sorted(other.label, wide.label, otherGroup));
  });

  it("a chosen link stays shown until the page goes (hiding it would drop its prerender); leaving closes the menu and every group", async () => {
    const nav = navBar();
    await nav.press(MENU, other.label, wide.label, expand(first));
    const opened = nav.open();
    fireEvent.click(nav.header.querySelector(`a[href="${firstLink}"]`)!);
    await settle();
    expect(nav.open()).toEqual(opened);
    fireEvent(window, new Event("pagehide"));
    await settle();
    expect(nav.open()).toEqual([]);
  });

  it("closing the menu with the hamburger resets the groups, so it reopens tidy", async () => {
    const nav = navBar();
    await nav.press(MENU, wide.label, expand(second), MENU, MENU);
    expect(nav.open()).toEqual(["menu"]);
  });

  it("a press outside the header closes everything", async () => {
    const nav = navBar();
    await nav.press(MENU, other.label);
    fireEvent.pointerDown(document.body);
    await settle();
    expect(nav.open()).toEqual([]);
  });
});
