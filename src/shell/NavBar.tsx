import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import site from "virtual:site";
import type { MenuItem } from "../content/types.ts";
import { fill, normalisePath } from "../ui/format.ts";
import { Img } from "../ui/Img.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { button, buttonOutline, visuallyHidden } from "../styles/layout.css.ts";
import { closeAll, closeInside } from "./menu-state.ts";
import { Taglines } from "./TopBar.tsx";
import * as css from "./NavBar.css.ts";

// On wide screens a group also shows while hovered or holding focus (CSS). Closing it, Escape or
// choosing a link hides it at once: `data-dismissed` keeps it hidden until the pointer or focus
// comes onto its toggle row again from outside (not onto its list, which may be under the pointer).
const DISMISSED = "data-dismissed";
const dismiss = (el: Element) => el.closest("li")?.setAttribute(DISMISSED, "");

const idOf = (key: string) => "menu-" + key.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const contains = (item: MenuItem, path: string): boolean => item.href === path || (item.children ?? []).some((c) => c.href === path);

/**
 * The navigation bar: logo, main links, the two product menus and the right-side buttons. The menu
 * and its groups are <details> (see menu-state.ts): the browser toggles them; the script adds
 * closing rules, Escape and the outside press.
 */
export function NavBar() {
  const [location] = useLocation();
  const current = normalisePath(location);
  const headerRef = useRef<HTMLElement>(null);
  const shownPath = useRef(current);
  const { navigation, company, ui } = site;

  // Arriving on another page (a link, back or forward) closes the menu and every group.
  useEffect(() => {
    if (shownPath.current === current) return;
    shownPath.current = current;
    closeAll(headerRef.current!);
  }, [current]);

  useEffect(() => {
    const header = headerRef.current!;
    // A closed menu or group closes what it holds, and hides at once. (toggle does not bubble.)
    const onToggle = (e: Event) => {
      const details = e.target as HTMLDetailsElement;
      closeInside(details);
      if (!details.open) dismiss(details);
    };
    // A press outside the header closes everything.
    const onPointerDown = (e: PointerEvent) => header.contains(e.target as Node) || closeAll(header);
    header.addEventListener("toggle", onToggle, true);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      header.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  // Choosing a link closes the menu and every group, and hides the dropdown it was chosen in.
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const link = (e.target as Element).closest("a");
    if (!link) return;
    link.closest(`.${css.menu}`)?.setAttribute(DISMISSED, "");
    closeAll(e.currentTarget);
  };

  // Escape closes the innermost group that shows (the last in the page) and returns focus to its
  // toggle; then the menu.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Escape") return;
    const header = e.currentTarget;
    const shown = [...header.querySelectorAll<HTMLDetailsElement>("li > details")].filter((g) => getComputedStyle(g.nextElementSibling!).display !== "none");
    const details = shown.pop() ?? header.querySelector<HTMLDetailsElement>("details[open]");
    if (!details) return;
    details.open = false;
    dismiss(details);
    details.querySelector("summary")!.focus();
  };

  const undismiss = (e: FocusEvent<HTMLElement> | ReactPointerEvent<HTMLElement>) => {
    const to = e.target as Node;
    for (const li of e.currentTarget.querySelectorAll(`[${DISMISSED}]`)) {
      if (li.contains(to) && !li.lastElementChild!.contains(to) && !li.contains(e.relatedTarget as Node | null)) li.removeAttribute(DISMISSED);
    }
  };

  return (
    <header className={css.header} ref={headerRef} onClick={onClick} onKeyDown={onKeyDown} onPointerOver={undismiss} onFocus={undismiss}>
      <div className={css.inner}>
        <Link href="/" className={css.logo} aria-current={current === "/" ? "page" : undefined}>
          <Img src={company.logo} alt={company.name} className={`${css.logoImg} ${css.logoForLight}`} priority />
          {/* Shown instead in the dark colour mode; lazy, so the light mode never fetches it. */}
          <Img src={company.logoOnDark} alt={company.name} className={`${css.logoImg} ${css.logoForDark}`} />
        </Link>
        <details data-menu="">
          <summary className={css.hamburger} aria-controls="site-menu">
            <span className={css.bars} aria-hidden="true" />
            <span className={visuallyHidden}>{ui.openMenu}</span>
            <span className={visuallyHidden}>{ui.closeMenu}</span>
          </summary>
        </details>
        <nav id="site-menu" className={css.nav} aria-label={ui.mainNavigation}>
          <ul className={css.list}>
            {navigation.main.map((l) => (
              <li key={l.href}>
                <NavLink href={l.href} label={l.label} current={current} />
              </li>
            ))}
            {navigation.menus.map((m) => (
              <Group key={m.label} label={m.label} items={[m.overview, ...m.items]} current={current} />
            ))}
          </ul>
          <div className={css.buttons}>
            {navigation.buttons.map((b, i) => (
              <Link
                key={b.href}
                href={b.href}
                className={i === navigation.buttons.length - 1 ? button : buttonOutline}
                aria-current={current === b.href ? "page" : undefined}
              >
                {b.label}
              </Link>
            ))}
          </div>
          <Taglines className={css.taglines} />
        </nav>
      </div>
    </header>
  );
}

function NavLink({ href, label, current, className = css.link }: { href: string; label: string; current: string; className?: string }) {
  return (
    <SmartLink href={href} className={className} aria-current={current === href ? "page" : undefined}>
      {label}
    </SmartLink>
  );
}

/**
 * A menu (All Products, Aveva Solutions) or a group inside one: a <details> toggle and the list it
 * shows, a dropdown or a fly-out. A group inside a menu has its own link beside its toggle.
 */
function Group({ parent, label, link, items, current }: { parent?: string; label: string; link?: ReactNode; items: MenuItem[]; current: string }) {
  const key = parent ? `${parent}/${label}` : label;
  return (
    <li className={parent ? css.subItem : css.menu}>
      {link}
      <details>
        <summary
          className={parent ? css.subToggle : css.menuButton}
          aria-controls={idOf(key)}
          data-current={(!parent && items.some((i) => contains(i, current))) || undefined}
        >
          {!parent && label}
          <span className={css.chevron} aria-hidden="true" />
          {parent && <span className={visuallyHidden}>{fill(site.ui.expandGroup, { label })}</span>}
        </summary>
      </details>
      <ul id={idOf(key)} className={parent ? css.flyout : css.dropdown}>
        {items.map((item, i) => {
          const itemLink = <NavLink href={item.href} label={item.label} current={current} className={parent || i ? undefined : css.overviewLink} />;
          return item.children?.length ? (
            <Group key={item.href} parent={key} label={item.label} link={itemLink} items={item.children} current={current} />
          ) : (
            <li key={item.href}>{itemLink}</li>
          );
        })}
      </ul>
    </li>
  );
}
