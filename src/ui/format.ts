/**
 * The one `{token}` filler: fill("Show slide {n}", { n: 2 }). The content loader fills contact
 * tokens with it (src/content/tokens.ts), components their texts; an unknown name stays as written.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

/** "/about/" and "/about" are the same page; "/" stays "/". */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || "/";
  return bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare;
}

export const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("/assets/");

/** "+91 00000 00001" -> "tel:+910000000001" */
export const telHref = (phone: string) => "tel:" + phone.replace(/[^+\d]/g, "");

export const pageTitle = (title: string, company: string) => `${title} | ${company}`;
