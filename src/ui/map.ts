/**
 * The office map on the contact page follows the address: without a map address of its own
 * (mapEmbedUrl, set on purpose to show another place), it is a Google Maps embed of the postal
 * address, which needs no key, so a changed address moves the map too (as whatsappNumber follows
 * the phone). The build allows the map's origin in the pages' frame-src (prerender.ts).
 */
interface Address {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

interface MapContact {
  address: Address;
  mapEmbedUrl?: string;
  mapTitle?: string;
}

/** The address on one line, as a map search reads it: "Street, City, Region 395002, Country". */
export const addressLine = (a: Address) => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;

/** The map's web address: the one set on purpose, else Google Maps' embed of the address. */
export function mapEmbedUrl(contact: MapContact): string {
  return contact.mapEmbedUrl ?? `https://www.google.com/maps?q=${encodeURIComponent(addressLine(contact.address))}&output=embed`;
}

/** What the map shows, for screen readers: the title set on purpose, else the office's city. */
export function mapTitle(contact: MapContact): string {
  return contact.mapTitle ?? `Map showing our office in ${contact.address.city}, ${contact.address.region}`;
}

/** The origin the pages' frame-src must allow for the map. */
export const mapOrigin = (contact: MapContact) => new URL(mapEmbedUrl(contact)).origin;
