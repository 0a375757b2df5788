import { useEffect, useReducer, useRef, type KeyboardEvent } from "react";
import { Link, useLocation } from "wouter";
import site from "virtual:site";
import type { DropdownMenu, MenuItem } from "../content/types.ts";
import { fill } from "../app/format.ts";
import { normalisePath } from "../app/routes.ts";
import { Img } from "../app/Img.tsx";
import { SmartLink } from "../app/SmartLink.tsx";
import { button, buttonOutline, visuallyHidden } from "../styles/layout.css.ts";
import { groupKey, initialMenuState, menuReducer, type MenuAction, type MenuState } from "./menu-state.ts";
import * as css from "./NavBar.css.ts";

interface GroupProps {
  state: MenuState;
  dispatch: (a: MenuAction) => void;
  current: string;
}

const idOf = (key: string) => "menu-" + key.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const contains = (item: MenuItem, path: string): boolean => item.href === path || (item.children ?? []).some((c) => c.href === path);

/** The navigation bar: logo, main links, the two product menus and the right-side buttons. */
export function NavBar() {
  const [state, dispatch] = useReducer(menuReducer, initialMenuState);
  const [location] = useLocation();
  const current = normalisePath(location);
  const headerRef = useRef<HTMLElement>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const { navigation, company, ui } = site;

  // Arriving on a new page closes the menu and every group.
  useEffect(() => dispatch({ type: "close" }), [current]);

  // A click outside the header closes open dropdowns.
  useEffect(() => {
    if (!state.open && state.expanded.size === 0) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [state]);

  // Escape closes the innermost open group and returns focus to its toggle; then the menu.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    const deepest = [...state.expanded].sort((a, b) => b.split("/").length - a.split("/").length)[0];
    if (deepest) {
      dispatch({ type: "closeGroup", group: deepest });
      document.getElementById(idOf(deepest) + "-toggle")?.focus();
    } else if (state.open) {
      dispatch({ type: "close" });
      hamburgerRef.current?.focus();
    }
  };

  return (
    <header className={css.header} ref={headerRef} onKeyDown={onKeyDown}>
      <div className={css.inner}>
        <Link href="/" className={css.logo} aria-current={current === "/" ? "page" : undefined}>
          <Img src={company.logo} alt={company.name} className={`${css.logoImg} ${css.logoForLight}`} priority />
          {/* Shown instead in the dark colour mode; lazy, so the light mode never fetches it. */}
          <Img src={company.logoOnDark} alt={company.name} className={`${css.logoImg} ${css.logoForDark}`} />
        </Link>
        <button
          ref={hamburgerRef}
          type="button"
          className={css.hamburger}
          aria-expanded={state.open}
          aria-controls="site-menu"
          onClick={() => dispatch({ type: "toggleMenu" })}
        >
          <span className={css.bars} aria-hidden="true" />
          <span className={visuallyHidden}>{state.open ? ui.closeMenu : ui.openMenu}</span>
        </button>
        <nav id="site-menu" className={css.nav} aria-label={ui.mainNavigation} data-open={state.open || undefined}>
          <ul className={css.list}>
            {navigation.main.map((l) => (
              <li key={l.href}>
                <NavLink href={l.href} label={l.label} current={current} onChoose={() => dispatch({ type: "close" })} />
              </li>
            ))}
            {navigation.menus.map((m) => (
              <Menu key={m.label} menu={m} state={state} dispatch={dispatch} current={current} />
            ))}
          </ul>
          <div className={css.buttons}>
            {navigation.buttons.map((b, i) => (
              <Link
                key={b.href}
                href={b.href}
                className={i === navigation.buttons.length - 1 ? button : buttonOutline}
                aria-current={current === b.href ? "page" : undefined}
                onClick={() => dispatch({ type: "close" })}
              >
                {b.label}
              </Link>
            ))}
          </div>
        </nav>
      </div>
    </header>
  );
}

function NavLink({ href, label, current, onChoose, className = css.link }: { href: string; label: string; current: string; onChoose: () => void; className?: string }) {
  return (
    <SmartLink href={href} className={className} aria-current={current === href ? "page" : undefined} onClick={onChoose}>
      {label}
    </SmartLink>
  );
}

function Menu({ menu, state, dispatch, current }: GroupProps & { menu: DropdownMenu }) {
  const key = groupKey(menu.label);
  const open = state.expanded.has(key);
  const isCurrent = menu.overview.href === current || menu.items.some((i) => contains(i, current));
  const close = () => dispatch({ type: "close" });
  return (
    <li className={css.menu} data-open={open || undefined}>
      <button
        id={idOf(key) + "-toggle"}
        type="button"
        className={css.menuButton}
        aria-expanded={open}
        aria-controls={idOf(key)}
        data-current={isCurrent || undefined}
        onClick={() => dispatch({ type: "toggleGroup", group: key })}
      >
        {menu.label}
        <span className={css.chevron} aria-hidden="true" />
      </button>
      <ul id={idOf(key)} className={css.dropdown}>
        <li>
          <NavLink href={menu.overview.href} label={menu.overview.label} current={current} onChoose={close} className={css.overviewLink} />
        </li>
        {menu.items.map((item) =>
          item.children?.length ? (
            <SubMenu key={item.href} parent={key} item={item} state={state} dispatch={dispatch} current={current} />
          ) : (
            <li key={item.href}>
              <NavLink href={item.href} label={item.label} current={current} onChoose={close} />
            </li>
          ),
        )}
      </ul>
    </li>
  );
}

function SubMenu({ parent, item, state, dispatch, current }: GroupProps & { parent: string; item: MenuItem }) {
  const key = groupKey(parent, item.label);
  const open = state.expanded.has(key);
  const close = () => dispatch({ type: "close" });
  return (
    <li className={css.subItem} data-open={open || undefined}>
      <div className={css.subRow}>
        <NavLink href={item.href} label={item.label} current={current} onChoose={close} />
        <button
          id={idOf(key) + "-toggle"}
          type="button"
          className={css.subToggle}
          aria-expanded={open}
          aria-controls={idOf(key)}
          onClick={() => dispatch({ type: "toggleGroup", group: key })}
        >
          <span className={css.chevron} aria-hidden="true" />
          <span className={visuallyHidden}>{fill(site.ui.expandGroup, { label: item.label })}</span>
        </button>
      </div>
      <ul id={idOf(key)} className={css.flyout}>
        {item.children!.map((c) => (
          <li key={c.href}>
            <NavLink href={c.href} label={c.label} current={current} onChoose={close} />
          </li>
        ))}
      </ul>
    </li>
  );
}
