import type { Site } from "./generated/site.ts";

/**
 * Contact details live once, in site.yaml; pages write `{email}`, `{phone}`, `{phones}` or
 * `{hours}` (as the spec does) and get the current values, so changing the number is one edit.
 */
export function contactTokens(site: Site): Record<string, string> {
  return { email: site.contact.email, phone: site.contact.phones[0], phones: site.contact.phones.join(" / "), hours: site.contact.hours };
}

/** A deep copy of `value` with every known `{token}` in its strings replaced. */
export function fillTokens<T>(value: T, tokens: Record<string, string>): T {
  const deep = (v: unknown): unknown => {
    if (typeof v === "string") return fill(v, tokens);
    if (Array.isArray(v)) return v.map(deep);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]));
    return v;
  };
  return deep(value) as T;
}

/**
 * The one `{token}` filler: fill("Show slide {n}", { n: 2 }). The content loader fills contact
 * tokens with it, components their texts (through src/ui/format.ts); an unknown name stays as written.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}
