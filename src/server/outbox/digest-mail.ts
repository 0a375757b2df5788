/**
 * The digest mail: the enquiries held since the last digest, each with what sales needs to judge it
 * (reference, form, name, address, the start of the message, where the visit came from, why it was
 * held) and its two signed links (made by the caller's linkFor), as plain text and as HTML
 * (DigestMail.tsx) of one narrow column that a phone's mail app shows whole.
 */
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { DigestInfo, ReviewAction, SubmissionRow } from "../store/index.ts";
import { heldEntry, type HeldEntry } from "../present/held-enquiry.ts";
import { digestHtml, digestIntro, held } from "./DigestMail.tsx";

export { EXCERPT_CHARS, SHOWN_CHARS } from "../present/held-enquiry.ts";

/**
 * The most bytes a digest's mail may take, as sent. Mail servers commonly refuse a message over 1 MB
 * (552), and a refused digest shows nothing, so the same enquiries would lead the next one again:
 * 768 KB leaves a quarter for what the way out adds (a DKIM signature, Received headers).
 */
export const DIGEST_MAX_BYTES = 768 * 1024;

export interface DigestSettings {
  mailTo: string;
  mailFrom: string;
  /** The address of the link acting on held enquiry `id` in a digest made at `madeAt`; none without the site's address. */
  linkFor?: ((id: number, action: ReviewAction, madeAt: Date) => string) | undefined;
  /** The most enquiries one digest lists in full (DIGEST_MAX_LISTED); fewer when they would not fit DIGEST_MAX_BYTES. */
  maxListed: number;
}

export function digestText(entries: readonly HeldEntry[], more = 0): string {
  const blocks = entries.map((e) =>
    [
      `${e.reference} · ${e.form} · ${e.received}`,
      `Name:    ${e.name || "(not given)"}`,
      `E-mail:  ${e.email || "(not given)"}`,
      `Message: ${e.excerpt || "(none)"}`,
      ...(e.source.length ? ["Came from:", ...e.source.map((l) => `  ${l}`)] : ["Came from: not known (sent without the page's script)"]),
      "Held because:",
      ...e.reasons.map((r) => `  - ${r}`),
      ...(e.note ? [e.note] : []),
      ...(e.links ? [`Release (send it to sales): ${e.links.release}`, `Spam (keep it out): ${e.links.spam}`] : []),
    ].join("\n"),
  );
  return `${[digestIntro(entries.length, more), ...blocks].join("\n\n")}\n`;
}

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

/** The digest's mail listing `rows` in full; `more`: the held enquiries left for the next digest. */
export function composeDigest(digest: DigestInfo, rows: readonly SubmissionRow[], settings: DigestSettings, more = 0): SendMailOptions {
  const { linkFor } = settings;
  const links = (id: number) => linkFor && { release: linkFor(id, "released", digest.createdAt), spam: linkFor(id, "spam", digest.createdAt) };
  const entries = rows.map((row) => heldEntry(row, row.status === "quarantined" && !row.review ? links(row.id) : undefined, true));
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    subject: `Held for review: ${held(entries.length + more)} from the website`,
    text: digestText(entries, more),
    html: digestHtml(entries, more),
    // One per digest, so a copy sent again after a crash is recognisable.
    messageId: `<digest-${digest.id}.${digest.createdAt.getTime()}@${domainOf(settings.mailFrom)}>`,
    headers: { "X-Lariox-Digest": String(digest.id) },
  };
}

/** Serialises mail as it is sent: what the size is measured on. */
const serialiser = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

/** The size in bytes of `message` as nodemailer sends it (its parts encoded, its headers included). */
export async function mailBytes(message: SendMailOptions): Promise<number> {
  return ((await serialiser.sendMail(message)).message as Buffer).length;
}

/**
 * The digest's mail listing the first of `rows` that fit in `maxBytes` (all of them when they do,
 * never none); `listed`: those, the rest to come in the next digest. `total`: how many the digest
 * holds. Measured, not estimated: an entry's size depends on the site's address in its links too.
 */
export async function fitDigest(
  digest: DigestInfo,
  rows: readonly SubmissionRow[],
  settings: DigestSettings,
  total: number,
  maxBytes = DIGEST_MAX_BYTES,
): Promise<{ message: SendMailOptions; listed: readonly SubmissionRow[]; bytes: number }> {
  for (let n = rows.length; ;) {
    const listed = rows.slice(0, n);
    const message = composeDigest(digest, listed, settings, total - n);
    const bytes = await mailBytes(message);
    // One entry alone is small (its fields are cut), so it always goes.
    if (bytes <= maxBytes || n <= 1) return { message, listed, bytes };
    // Entries are alike in size, so the share that fits is near; the next pass checks it.
    n = Math.max(1, Math.min(n - 1, Math.floor((n * maxBytes) / bytes)));
  }
}
