/**
 * A server page or mail from its React element: static markup (no React attributes, nothing to
 * hydrate) after the doctype. React's escaping is the only one the server's HTML goes through.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export function renderDocument(element: ReactElement): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(element)}\n`;
}
