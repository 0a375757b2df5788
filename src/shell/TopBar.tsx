import site from "virtual:site";
import { telHref } from "../ui/format.ts";
import { SmartLink } from "../ui/SmartLink.tsx";
import * as css from "./TopBar.css.ts";

/** The three taglines: in the top bar on wide screens, inside the menu below 1200 px (NavBar). */
export function Taglines({ className }: { className: string }) {
  return (
    <ul className={className}>
      {site.taglines.map((t) => (
        <li key={t.title}>
          <span className={css.tagTitle}>{t.title}</span> · {t.text}
        </li>
      ))}
    </ul>
  );
}

/** The thin contact strip above the navigation: e-mail, phone, social link and the taglines. */
export function TopBar() {
  const { email, phones, social } = site.contact;
  return (
    <aside className={css.bar} aria-label={site.ui.contactBar}>
      <div className={css.inner}>
        <div className={css.group}>
          <a className={css.item} href={`mailto:${email}`}>
            <span aria-hidden="true">✉</span> {email}
          </a>
          <a className={css.item} href={telHref(phones[0])}>
            <span aria-hidden="true">☎</span> {phones[0]}
          </a>
          {social.map((s) => (
            <SmartLink key={s.href} className={css.item} href={s.href}>
              {s.label}
            </SmartLink>
          ))}
        </div>
        <Taglines className={css.taglines} />
      </div>
    </aside>
  );
}
