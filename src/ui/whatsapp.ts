/**
 * WhatsApp click-to-chat: a plain https://wa.me/ link (no script, no widget), whose first message
 * names the page the visitor was reading, so sales know what the chat is about.
 */
import { fill } from "./format.ts";

export interface WhatsAppSettings {
  /** International form with the country code, e.g. "+91 98765 43210"; without it, the main phone number (whatsappNumber). */
  number?: string;
  /** The chat's first message; {page} is the page's title, {url} its address. */
  message: string;
  /** Pages whose address starts with one of these show the link under their content. */
  pages: string[];
}

/** wa.me wants the number as digits only: country code first, no "+", spaces or leading 0. */
export function whatsappDigits(number: string): string {
  return number.replace(/\D/g, "");
}

/** The number the chat goes to: WhatsApp's own when one is set on purpose, else the main (first) phone number, so a changed phone number changes it too. */
export function whatsappNumber(contact: { phones: string[]; whatsapp?: Pick<WhatsAppSettings, "number"> }): string {
  return contact.whatsapp?.number ?? contact.phones[0] ?? "";
}

/** Whether `number` is in the international form wa.me needs: a "+", then the country code. */
export const isInternational = (number: string) => /^\+[1-9][0-9 ()-]{7,}$/.test(number.trim());

/** e.g. https://wa.me/919876543210?text=Hello%2C%20about%20AVEVA%20InTouch%20(https%3A%2F%2F…) */
export function whatsappHref(settings: { number: string; message: string }, page: { title: string; path: string }, siteUrl: string): string {
  const url = new URL(page.path, siteUrl).href;
  const text = fill(settings.message, { page: page.title, url });
  return `https://wa.me/${whatsappDigits(settings.number)}?text=${encodeURIComponent(text)}`;
}

/** Whether a page at `path` shows the product pages' WhatsApp link. */
export function showsWhatsApp(settings: Pick<WhatsAppSettings, "pages"> | undefined, path: string): boolean {
  return settings !== undefined && settings.pages.some((prefix) => path.startsWith(prefix));
}
