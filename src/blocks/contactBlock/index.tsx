import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { telHref } from "../../ui/format.ts";
import { mapEmbedUrl, mapTitle } from "../../ui/map.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { WhatsAppLink } from "../../ui/WhatsApp.tsx";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

/** The office on a map beside the main phone number and a link to the enquiry form. */
export function ContactBlock({ section }: { section: SectionOf<"contactBlock"> }) {
  const { contact, ui } = site;
  return (
    <Section heading={section.heading}>
      <div className={css.layout}>
        {/* Until the map has loaded (or where maps are blocked) the frame shows where we are. */}
        <div className={css.mapFrame}>
          <p className={css.mapFallback} aria-hidden="true">
            <span className={css.pin} />
            {contact.address.city}, {contact.address.region}, {contact.address.country}
          </p>
          <iframe className={css.map} src={mapEmbedUrl(contact)} title={mapTitle(contact)} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
        </div>
        <div className={css.details}>
          {section.text && <p>{section.text}</p>}
          <p className={css.phone}>
            <span className={css.label}>{ui.phoneLabel}</span>
            <a href={telHref(contact.phones[0])}>{contact.phones[0]}</a>
          </p>
          <WhatsAppLink />
          <p>
            <span className={css.label}>{ui.hoursLabel}</span>
            {contact.hours}
          </p>
          <SmartLink href={section.link.href} className={button}>
            {section.link.label}
          </SmartLink>
        </div>
      </div>
    </Section>
  );
}

export default ContactBlock;
