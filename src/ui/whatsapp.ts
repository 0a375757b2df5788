/**
 * WhatsApp click-to-chat: a plain https://wa.me/ link (no script, no widget), whose first message
 * names the page the visitor was reading, so sales know what the chat is about.
 */
import { fill } from "./format.ts";

export interface WhatsAppSettings {
  /** International form with the country code, e.g. "+91 98765 43210". */
  number: string;
  /** The chat's first message; {page} is the page's title, {url} its address. */
  message: string;
  /** Pages whose address starts with one of these show the link under their content. */
  pages: string[];
}

/** wa.me wants the number as digits only: country code first, no "+", spaces or leading 0. */
export function whatsappDigits(number: string): string {
  return number.replace(/\D/g, "");
}

/** e.g. https://wa.me/919876543210?text=Hello%2C%20about%20AVEVA%20InTouch%20(https%3A%2F%2F…) */
export function whatsappHref(settings: Pick<WhatsAppSettings, "number" | "message">, page: { title: string; path: string }, siteUrl: string): string {
  const url = new URL(page.path, siteUrl).href;
  const text = fill(settings.message, { page: page.title, url });
  return `https://wa.me/${whatsappDigits(settings.number)}?text=${encodeURIComponent(text)}`;
}

/** Whether a page at `path` shows the product pages' WhatsApp link. */
export function showsWhatsApp(settings: Pick<WhatsAppSettings, "pages"> | undefined, path: string): boolean {
  return settings !== undefined && settings.pages.some((prefix) => path.startsWith(prefix));
}
