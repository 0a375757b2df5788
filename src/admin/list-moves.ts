/**
 * A section or list item moves only on purpose: by its handle (a small grip, admin/index.html's
 * rules, instead of Decap's bar-wide one, so a swipe on a phone that starts on a folded section
 * scrolls), or by the Move up and Move down buttons put on each item's bar here, which are also
 * the keyboard's way to reorder (Decap's list registers no keyboard sensor). A button moves the
 * item through the list's own reorder (`onSortEnd`, what a drag ends in), so the value, the
 * open and closed items and their keys move together as after a drag.
 */
import type { ComponentClass } from "react";

interface ReorderableList {
  props: { forID: string };
  onSortEnd(move: { oldIndex: number; newIndex: number }): void;
}

/** The lists on screen by their root element's id (Decap's `forID`). */
const lists = new Map<string, ReorderableList>();

const BAR = '[class*="-StyledListItemTopBar"]';
const HANDLE = ':scope > [aria-roledescription="sortable"]';

/** Decap's list control, remembering each list on screen so a Move button can reach it. */
export function listWithMoves<P>(List: ComponentClass<P>): ComponentClass<P> {
  // Decap's class, typed here only by what is used of it.
  const Base = List as unknown as new (props: P) => ReorderableList & { componentDidMount?(): void; componentWillUnmount?(): void };
  class ListWithMoves extends Base {
    override componentDidMount() {
      super.componentDidMount?.();
      lists.set(this.props.forID, this);
    }
    override componentWillUnmount() {
      super.componentWillUnmount?.();
      if (lists.get(this.props.forID) === this) lists.delete(this.props.forID);
    }
  }
  return ListWithMoves as unknown as ComponentClass<P>;
}

/** Where the item whose bar is `bar` stands: its list, its index and how many items the list has. */
function placeOf(bar: Element): { list: ReorderableList | undefined; index: number; count: number } | undefined {
  const item = bar.parentElement;
  const items = item?.parentElement;
  if (!item || !items) return undefined;
  // The drag library keeps its announcements beside the items: only items have a bar.
  const siblings = [...items.children].filter((child) => child.querySelector(`:scope > ${BAR}`));
  return { list: lists.get(items.parentElement?.id ?? ""), index: siblings.indexOf(item), count: siblings.length };
}

const itemTitle = (bar: Element): string => bar.parentElement?.querySelector(':scope > [class*="-NestedObjectLabel"]')?.textContent?.trim() ?? "";

const ARROW = (points: string) =>
  `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="${points}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const UP = ARROW("M8 13V3M3.5 7.5 8 3l4.5 4.5");
const DOWN = ARROW("M8 3v10M3.5 8.5 8 13l4.5-4.5");

function moveButton(direction: "up" | "down"): HTMLButtonElement {
  const button = Object.assign(document.createElement("button"), { type: "button", innerHTML: direction === "up" ? UP : DOWN });
  button.dataset.larioxMove = direction;
  return button;
}

/** Puts the two buttons on each reorderable item's bar, and names and enables them by where the item stands. */
export function placeMoveButtons(root: ParentNode): void {
  for (const bar of root.querySelectorAll(BAR)) {
    if (!bar.querySelector(HANDLE)) continue;
    let group = bar.querySelector<HTMLElement>(":scope > [data-lariox-moves]");
    if (!group) {
      group = document.createElement("span");
      group.dataset.larioxMoves = "";
      group.append(moveButton("up"), moveButton("down"));
      bar.append(group);
    }
    const place = placeOf(bar);
    const title = itemTitle(bar);
    const what = title ? `“${title}”` : "this item";
    const [up, down] = group.querySelectorAll<HTMLButtonElement>("button");
    const set = (button: HTMLButtonElement, name: string, disabled: boolean) => {
      if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
      if (button.title !== name) button.title = name;
      if (button.disabled !== disabled) button.disabled = disabled;
    };
    set(up!, `Move ${what} up`, !place || place.index <= 0);
    set(down!, `Move ${what} down`, !place || place.index >= place.count - 1);
  }
}

function move(button: HTMLButtonElement): void {
  const bar = button.closest(BAR);
  const place = bar && placeOf(bar);
  if (!place?.list) return;
  const to = place.index + (button.dataset.larioxMove === "up" ? -1 : 1);
  if (to < 0 || to >= place.count) return;
  place.list.onSortEnd({ oldIndex: place.index, newIndex: to });
  // The item's bar moves with it: the keyboard stays on the button, for the next step.
  requestAnimationFrame(() => {
    if (!button.disabled) button.focus();
    else button.parentElement?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  });
}

export function offerMoveButtons(document: Document): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-lariox-move]");
    if (button) move(button);
  });
  // Attributes are left out: the observer's own writes (names, disabled) would wake it again.
  new MutationObserver(() => placeMoveButtons(document)).observe(document.body, { childList: true, subtree: true, characterData: true });
  placeMoveButtons(document);
}
