/** Fills `{name}` placeholders of a YAML string: fill("Show slide {n}", { n: 2 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("/assets/");

/** "+91 00000 00001" -> "tel:+910000000001" */
export const telHref = (phone: string) => "tel:" + phone.replace(/[^+\d]/g, "");

export const pageTitle = (title: string, company: string) => `${title} | ${company}`;
