// @vitest-environment jsdom
import { createElement } from "react";
import { act, fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NavBar } from "../../src/shell/NavBar.tsx";
// The page's inline shell script: its rules listen on the document, as on a built page.
import "../../src/boot/shell.ts";

/**
 * The navigation's state is its <details> (src/shell/menu-state.ts): the browser opens and closes
 * them, and the inline shell script (src/boot/shell.ts) adds the closing rules. Each toggle is named by its summary's text: the
 * hamburger ("Open menu"), a menu ("All Products") or a sub-group ("Show Operations Control links").
 */
function navBar() {
  const header = render(createElement(NavBar)).container.querySelector("header")!;
  const details = (name: string) => [...header.querySelectorAll("details")].find((d) => d.querySelector("summary")!.textContent!.includes(name))!;
  const names = (d: Element) =>
    d
      .querySelector("summary")!
      .textContent!.replace("Open menuClose menu", "menu")
      .replace(/^Show (.*) links$/, "$1");
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

// Toggle events are queued as tasks; the rules run in them, and may queue more.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe("mobile menu state", () => {
  it("starts closed with every group collapsed", () => {
    expect(navBar().open()).toEqual([]);
  });

  it("opens and closes with the hamburger", async () => {
    const nav = navBar();
    await nav.press("Open menu");
    expect(nav.open()).toEqual(["menu"]);
    await nav.press("Open menu");
    expect(nav.open()).toEqual([]);
  });

  it("opens and closes groups independently", async () => {
    const nav = navBar();
    await nav.press("Open menu", "All Products", "Aveva Solutions", "Show Operations Control links", "Show Operations Information links");
    expect(nav.open()).toEqual(["All Products", "Aveva Solutions", "Operations Control", "Operations Information", "menu"]);
    await nav.press("All Products");
    expect(nav.open()).toEqual(["Aveva Solutions", "Operations Control", "Operations Information", "menu"]);
  });

  it("closing a group closes its sub-groups too", async () => {
    const nav = navBar();
    await nav.press("Aveva Solutions", "Show Operations Control links", "All Products", "Show Lariox Software Solutions links");
    await nav.press("Aveva Solutions");
    expect(nav.open()).toEqual(["All Products", "Lariox Software Solutions"]);
    await nav.press("Aveva Solutions");
    expect(nav.open()).toEqual(["All Products", "Aveva Solutions", "Lariox Software Solutions"]);
  });

  it("a chosen link stays shown until the page goes (hiding it would drop its prerender); leaving closes the menu and every group", async () => {
    const nav = navBar();
    await nav.press("Open menu", "All Products", "Aveva Solutions", "Show Operations Control links");
    const opened = nav.open();
    fireEvent.click(nav.header.querySelector('a[href="/aveva/aveva-intouch"]')!);
    await settle();
    expect(nav.open()).toEqual(opened);
    fireEvent(window, new Event("pagehide"));
    await settle();
    expect(nav.open()).toEqual([]);
  });

  it("closing the menu with the hamburger resets the groups, so it reopens tidy", async () => {
    const nav = navBar();
    await nav.press("Open menu", "Aveva Solutions", "Show Operations Execution links", "Open menu", "Open menu");
    expect(nav.open()).toEqual(["menu"]);
  });

  it("a press outside the header closes everything", async () => {
    const nav = navBar();
    await nav.press("Open menu", "All Products");
    fireEvent.pointerDown(document.body);
    await settle();
    expect(nav.open()).toEqual([]);
  });
});
