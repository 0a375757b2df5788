import site from "virtual:site";
import { fill, telHref } from "../ui/format.ts";
import { Img } from "../ui/Img.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import * as css from "./Footer.css.ts";

export function Footer() {
  const { footer, contact, company, ui } = site;
  // The build's year: the site is rebuilt with every change of content.
  const year = new Date().getFullYear();
  const { street, city, region, postalCode, country } = contact.address;
  return (
    <footer className={css.footer}>
      <div className={css.grid}>
        <section aria-labelledby="footer-about">
          <Img src={company.logoOnDark} alt={company.name} className={css.logo} />
          <h2 id="footer-about" className={css.heading}>
            {footer.aboutHeading}
          </h2>
          <p className={css.about}>{footer.aboutText}</p>
        </section>
        <section aria-labelledby="footer-solutions">
          <h2 id="footer-solutions" className={css.heading}>
            {footer.solutionsHeading}
          </h2>
          <ul className={css.list}>
            {footer.solutions.map((s) => (
              <li key={s.label}>
                {s.href ? (
                  <SmartLink className={css.link} href={s.href}>
                    {s.label}
                  </SmartLink>
                ) : (
                  s.label
                )}
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={css.heading}>
            {footer.quickLinksHeading}
          </h2>
          <ul className={css.list}>
            {footer.quickLinks.map((l) => (
              <li key={l.href}>
                <SmartLink className={css.link} href={l.href}>
                  {l.label}
                </SmartLink>
                {l.children && (
                  <ul className={css.subList}>
                    {l.children.map((c) => (
                      <li key={c.href}>
                        <SmartLink className={css.link} href={c.href}>
                          {c.label}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={css.heading}>
            {footer.contactHeading}
          </h2>
          <address className={css.address}>
            <span>
              <span className={css.label}>{ui.addressLabel}:</span>
              {street}, {city}, {region} {postalCode}, {country}
            </span>
            {contact.phones.map((p) => (
              <span key={p}>
                <span className={css.label}>{ui.phoneLabel}:</span>
                <a className={css.link} href={telHref(p)}>
                  {p}
                </a>
              </span>
            ))}
            <span>
              <span className={css.label}>{ui.hoursLabel}:</span>
              {contact.hours}
            </span>
            <span>
              <span className={css.label}>{ui.emailLabel}:</span>
              <a className={css.link} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </span>
            {contact.social.map((s) => (
              <span key={s.href}>
                <SmartLink className={css.link} href={s.href}>
                  {s.label}
                </SmartLink>
              </span>
            ))}
          </address>
        </section>
      </div>
      <div className={css.bottom}>
        <div className={css.bottomInner}>
          <p>{fill(footer.copyright, { year, company: company.name })}</p>
        </div>
      </div>
    </footer>
  );
}
