import { describe, expect, it } from "vitest";
import { groupKey, initialMenuState, menuReducer, type MenuAction, type MenuState } from "../../src/shell/menu-state.ts";

const run = (...actions: MenuAction[]): MenuState => actions.reduce(menuReducer, initialMenuState);
const products = groupKey("All Products");
const aveva = groupKey("Aveva Solutions");
const control = groupKey("Aveva Solutions", "Operations Control");
const info = groupKey("Aveva Solutions", "Operations Information");

describe("mobile menu state", () => {
  it("starts closed with every group collapsed", () => {
    expect(initialMenuState.open).toBe(false);
    expect(initialMenuState.expanded.size).toBe(0);
  });

  it("opens and closes with the hamburger", () => {
    expect(run({ type: "toggleMenu" }).open).toBe(true);
    expect(run({ type: "toggleMenu" }, { type: "toggleMenu" }).open).toBe(false);
  });

  it("opens and closes groups independently", () => {
    const state = run({ type: "toggleMenu" }, { type: "toggleGroup", group: products }, { type: "toggleGroup", group: aveva }, { type: "toggleGroup", group: control }, { type: "toggleGroup", group: info });
    expect([...state.expanded].sort()).toEqual([products, aveva, control, info].sort());
    const after = menuReducer(state, { type: "toggleGroup", group: products });
    expect([...after.expanded].sort()).toEqual([aveva, control, info].sort());
  });

  it("closing a group closes its sub-groups too", () => {
    const state = run({ type: "toggleGroup", group: aveva }, { type: "toggleGroup", group: control }, { type: "toggleGroup", group: products });
    expect([...menuReducer(state, { type: "toggleGroup", group: aveva }).expanded]).toEqual([products]);
    expect([...menuReducer(state, { type: "closeGroup", group: aveva }).expanded]).toEqual([products]);
  });

  it("choosing a link (close) closes the menu and collapses every group", () => {
    const state = run({ type: "toggleMenu" }, { type: "toggleGroup", group: products }, { type: "toggleGroup", group: control }, { type: "close" });
    expect(state.open).toBe(false);
    expect(state.expanded.size).toBe(0);
  });

  it("closing the menu with the hamburger resets the groups, so it reopens tidy", () => {
    const state = run({ type: "toggleMenu" }, { type: "toggleGroup", group: aveva }, { type: "toggleMenu" }, { type: "toggleMenu" });
    expect(state.open).toBe(true);
    expect(state.expanded.size).toBe(0);
  });
});
