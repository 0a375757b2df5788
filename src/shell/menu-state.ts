/**
 * The navigation's state: whether the small-screen menu is open, and which groups
 * (the two menus and their sub-groups) are expanded. Groups open and close
 * independently; closing the menu or choosing a link collapses every group.
 */
export interface MenuState {
  open: boolean;
  expanded: ReadonlySet<string>;
}

export type MenuAction =
  | { type: "toggleMenu" }
  | { type: "close" }
  | { type: "toggleGroup"; group: string }
  | { type: "closeGroup"; group: string };

export const initialMenuState: MenuState = { open: false, expanded: new Set() };

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case "toggleMenu":
      return state.open ? initialMenuState : { open: true, expanded: new Set() };
    case "close":
      return initialMenuState;
    case "toggleGroup": {
      const expanded = new Set(state.expanded);
      if (expanded.has(action.group)) {
        // A group's sub-groups close with it, so reopening it starts tidy.
        for (const g of expanded) if (g === action.group || g.startsWith(action.group + "/")) expanded.delete(g);
      } else expanded.add(action.group);
      return { ...state, expanded };
    }
    case "closeGroup": {
      const expanded = new Set([...state.expanded].filter((g) => g !== action.group && !g.startsWith(action.group + "/")));
      return { ...state, expanded };
    }
  }
}

/** The key of a sub-group inside a menu: "Aveva Solutions/Operations Control". */
export const groupKey = (...labels: string[]) => labels.join("/");
