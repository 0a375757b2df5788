import type { ReactNode } from "react";
import { useLocation } from "wouter";
import site from "virtual:site";
import type { MenuItem } from "../content/types.ts";
import { fill, normalisePath } from "../ui/format.ts";
import { Img } from "../ui/Img.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { button, buttonOutline, visuallyHidden } from "../styles/layout.css.ts";
import { Taglines } from "./TopBar.tsx";
import * as css from "./NavBar.css.ts";

const idOf = (key: string) => "menu-" + key.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const contains = (item: MenuItem, path: string): boolean => item.href === path || (item.children ?? []).some((c) => c.href === path);

/**
 * The navigation bar: logo, main links, the two product menus and the right-side buttons. The menu
 * and its groups are <details> (see menu-state.ts): the browser toggles them; the page's inline
 * shell script (src/boot/shell.ts) adds the closing rules, Escape and the outside press.
 */
export function NavBar() {
  // At build, the prerender's location (App's <Router ssrPath>): the current page's links are marked in the HTML.
  const [location] = useLocation();
  const current = normalisePath(location);
  const { navigation, company, ui } = site;
  const quote = navigation.buttons.at(-1);

  return (
    <header className={css.header} data-site-header="">
      <div className={css.inner}>
        <a href="/" className={css.logo} aria-current={current === "/" ? "page" : undefined}>
          <Img src={company.logo} alt={company.name} className={`${css.logoImg} ${css.logoForLight}`} priority />
          {/* Shown instead in the dark colour mode; lazy, so the light mode never fetches it. */}
          <Img src={company.logoOnDark} alt={company.name} className={`${css.logoImg} ${css.logoForDark}`} />
        </a>
        {/* Below 1200 px the menu is closed behind its button: the last (main) button stays beside it, compact. */}
        {quote && (
          <a href={quote.href} className={`${button} ${css.compactQuote}`} aria-current={current === quote.href ? "page" : undefined}>
            {quote.label}
          </a>
        )}
        {/* Two copies, one per layout, so the search link comes in the Tab order where it is seen:
            left of the menu button on phones, after the bar's buttons on wide screens. */}
        {navigation.search && <SearchLink link={navigation.search} current={current} className={css.searchNarrow} />}
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
              <a
                key={b.href}
                href={b.href}
                className={i === navigation.buttons.length - 1 ? button : buttonOutline}
                aria-current={current === b.href ? "page" : undefined}
              >
                {b.label}
              </a>
            ))}
          </div>
          {navigation.search && <SearchLink link={navigation.search} current={current} className={css.searchWide} />}
          <Taglines className={css.taglines} />
        </nav>
      </div>
    </header>
  );
}

/**
 * A plain link to the search page, a magnifier named by its label: no page fetches anything for search before the visitor goes there.
 */
function SearchLink({ link, current, className }: { link: { label: string; href: string }; current: string; className: string }) {
  return (
    <a href={link.href} className={`${css.searchLink} ${className}`} aria-current={current === link.href ? "page" : undefined}>
      <svg className={css.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="m15.5 15.5 5 5" />
      </svg>
      <span className={visuallyHidden}>{link.label}</span>
    </a>
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
    <li className={parent ? css.subItem : css.menu} data-group={parent ? undefined : ""}>
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
