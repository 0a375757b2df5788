import type { Page, Site } from "../../src/content/types.ts";
import { pictureFormats, srcSet, type Images } from "../../src/content/image-formats.ts";
import { pageTitle } from "../../src/ui/format.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const meta = (attr: "name" | "property", key: string, content: string) => `<meta ${attr}="${key}" content="${escape(content)}" />`;

/** The image the page shows first (its banner or first hero slide): worth fetching before anything else. */
export function leadImage(page: Page): string | undefined {
  const first = page.sections[0];
  if (first?.type === "banner") return first.image;
  if (first?.type === "hero") return first.slides[0]?.src;
  return undefined;
}

/** The company as search engines read it: an Organization and a LocalBusiness with address, phones and hours. */
export function structuredData(site: Site): string {
  const { company, contact } = site;
  const data = {
    "@context": "https://schema.org",
    "@type": ["Organization", "LocalBusiness"],
    name: company.name,
    url: company.siteUrl,
    logo: company.siteUrl + company.logo,
    image: company.siteUrl + "/assets/og-image.jpg",
    description: company.description,
    email: contact.email,
    telephone: contact.phones[0],
    contactPoint: contact.phones.map((telephone) => ({ "@type": "ContactPoint", telephone, contactType: "sales", email: contact.email, areaServed: "IN" })),
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: contact.address.country,
    },
    openingHours: contact.openingHours,
    sameAs: contact.social.map((s) => s.href),
  };
  // "<" escaped so no content can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

/**
 * Every per-page <head> tag: title, description, canonical, Open Graph, Twitter, structured data,
 * lead image preload. `images`: the entries of the images the page names (its module's `images`).
 */
export function headTags(site: Site, page: Page, images: Images, notFoundPath: string): string {
  const title = pageTitle(page.title, site.company.name);
  const url = site.company.siteUrl + (page.path === "/" ? "/" : page.path);
  const image = site.company.siteUrl + "/assets/og-image.jpg";
  const notFound = page.path === notFoundPath;
  const lead = leadImage(page);
  // The same variants the banner's first <source> offers, so the preload is the file it shows.
  const format = lead && pictureFormats(images[lead])[0];
  const leadSrcSet = format && srcSet(lead, images[lead], format);
  return [
    `<title>${escape(title)}</title>`,
    meta("name", "description", page.description),
    notFound ? meta("name", "robots", "noindex") : `<link rel="canonical" href="${escape(url)}" />`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", site.company.name),
    meta("property", "og:title", title),
    meta("property", "og:description", page.description),
    ...(notFound ? [] : [meta("property", "og:url", url)]),
    meta("property", "og:image", image),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("property", "og:locale", "en_IN"),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", page.description),
    meta("name", "twitter:image", image),
    ...(leadSrcSet ? [`<link rel="preload" as="image" type="image/${format}" imagesrcset="${leadSrcSet}" imagesizes="100vw" fetchpriority="high" />`] : []),
    structuredData(site),
  ].join("\n    ");
}
