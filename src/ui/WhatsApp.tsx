import site from "virtual:site";
import { visuallyHidden } from "../styles/layout.css.ts";
import { useCurrentPage } from "./current-page.ts";
import { fill } from "./format.ts";
import { whatsappHref, whatsappNumber } from "./whatsapp.ts";
import * as css from "./WhatsApp.css.ts";

/** The click-to-chat link, its first message naming the current page; nothing when site.yaml has no WhatsApp settings. */
export function WhatsAppLink() {
  const settings = site.contact.whatsapp;
  const page = useCurrentPage();
  if (!settings) return null;
  return (
    <a
      className={css.link}
      href={whatsappHref({ number: whatsappNumber(site.contact), message: settings.message }, page, site.company.siteUrl)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <svg className={css.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z"
        />
      </svg>
      {settings.label}
      <span className={visuallyHidden}> {site.ui.opensInNewTab}</span>
    </a>
  );
}

/** Under a product page's content: a line naming the product, then the link. */
export function WhatsAppCallout() {
  const settings = site.contact.whatsapp;
  const page = useCurrentPage();
  if (!settings) return null;
  return (
    <div className={css.callout}>
      {settings.prompt && <p className={css.prompt}>{fill(settings.prompt, { page: page.title })}</p>}
      <WhatsAppLink />
    </div>
  );
}
