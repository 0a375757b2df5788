/** The `{token}` filler lives with the content tokens it also fills, below the UI. */
export { fill } from "../content/tokens.ts";

/** "/about/" and "/about" are the same page; "/" stays "/". */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || "/";
  return bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare;
}

export const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("/assets/");

/** "+91 00000 00001" -> "tel:+910000000001" */
export const telHref = (phone: string) => "tel:" + phone.replace(/[^+\d]/g, "");

export const pageTitle = (title: string, company: string) => `${title} | ${company}`;
