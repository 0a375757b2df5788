/**
 * The digest mail: the enquiries held since the last digest, each with what sales needs to judge it
 * (reference, form, name, address, the start of the message, where the visit came from, why it was
 * held) and its two signed links (review-link.ts), as plain text and as HTML of one narrow column
 * that a phone's mail app shows whole.
 */
import type { SendMailOptions } from "nodemailer";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { formatReceived, sourceLines } from "./mail.ts";
import type { DigestInfo, ReviewAction, SubmissionRow } from "../store/index.ts";
import { emailOf, fieldsOf, formSchemas } from "../enquiries/validate.ts";
import { REVIEW_LINK_DAYS } from "../enquiries/review-link.ts";

export interface DigestSettings {
  mailTo: string;
  mailFrom: string;
  /** The address of the link acting on held enquiry `id` in a digest made at `madeAt`; none without the site's address. */
  linkFor?: ((id: number, action: ReviewAction, madeAt: Date) => string) | undefined;
  /** The most enquiries one digest lists in full (DIGEST_MAX_LISTED): each mail stays well under a mail server's 1 MB. */
  maxListed: number;
}

/** How much of a message the digest shows. */
export const EXCERPT_CHARS = 200;

/** One held enquiry as the digest shows it. */
export interface DigestEntry {
  reference: string;
  form: string;
  name: string;
  email: string;
  received: string;
  excerpt: string;
  source: string[];
  reasons: string[];
  /** Set once someone released it or marked it as spam. */
  note: string | undefined;
  links: { release: string; spam: string } | undefined;
}

const oneLine = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");

/** The reasons' sentences, as the verdict stored them (spam/findings.ts). */
export function reasonsInWords(reasons: unknown): string[] {
  if (!Array.isArray(reasons)) return [];
  return reasons.map((f) => oneLine((f as { reason?: unknown } | null)?.reason)).filter((r) => r !== "");
}

/** The first EXCERPT_CHARS characters of the form's message (its first multi-line field), on one line. */
function excerptOf(row: SubmissionRow): string {
  const field = fieldsOf(formSchemas[row.kind]).find((f) => FIELD_TYPES[f.type].multiline);
  const text = field ? oneLine(row.payload[field.name]) : "";
  const chars = [...text];
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join("")}…` : text;
}

export function digestEntry(row: SubmissionRow, links?: DigestEntry["links"]): DigestEntry {
  return {
    ...{
      reference: row.reference,
      form: formSchemas[row.kind].title,
      name: oneLine(row.payload.name),
      email: oneLine(emailOf(formSchemas[row.kind], row.payload)),
    },
    ...{ received: formatReceived(row.createdAt), excerpt: excerptOf(row), source: sourceLines(row.source), reasons: reasonsInWords(row.reasons) },
    note: row.review?.action === "spam" ? "Marked as spam since." : row.status === "quarantined" ? undefined : "Released since.",
    links,
  };
}

const held = (n: number) => `${n} held enquir${n === 1 ? "y" : "ies"}`;
const intro = (n: number, more: number) =>
  `${held(n)} since the last digest. The spam checks had a doubt about ${n === 1 ? "it" : "each"}: nothing was mailed to sales or to the sender. ` +
  `Release sends one on as if it had never been held; Spam keeps it out. The links work once, for ${REVIEW_LINK_DAYS} days.` +
  (more > 0 ? ` ${held(more)} more ${more === 1 ? "is" : "are"} not listed here: the next digest, sent right after this one, lists them.` : "");

export function digestText(entries: readonly DigestEntry[], more = 0): string {
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
  return `${[intro(entries.length, more), ...blocks].join("\n\n")}\n`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function digestHtml(entries: readonly DigestEntry[], more = 0): string {
  const cell = "padding:12px 0;border-top:1px solid #ddd";
  const button = "display:inline-block;padding:10px 18px;margin-right:8px;color:#fff;text-decoration:none;border-radius:6px;background:";
  const items = entries.map((e) => {
    const lines = [
      `<p style="margin:0 0 4px"><strong>${escapeHtml(e.reference)}</strong> · ${escapeHtml(e.form)} · ${escapeHtml(e.received)}</p>`,
      `<p style="margin:0 0 4px">${escapeHtml(e.name || "(not given)")} &lt;${escapeHtml(e.email || "(not given)")}&gt;</p>`,
      `<p style="margin:0 0 4px;color:#333">${escapeHtml(e.excerpt || "(no message)")}</p>`,
      `<p style="margin:0 0 4px;color:#555;font-size:14px">${e.source.length ? e.source.map(escapeHtml).join("<br>") : "Came from: not known"}</p>`,
      `<p style="margin:0">Held because:</p><ul style="margin:0;padding-left:20px">${e.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>`,
      ...(e.note ? [`<p style="margin:4px 0 0"><em>${escapeHtml(e.note)}</em></p>`] : []),
      ...(e.links
        ? [
            `<p style="margin:12px 0 0"><a href="${escapeHtml(e.links.release)}" style="${button}#0a7d3b">Release</a> ` +
              `<a href="${escapeHtml(e.links.spam)}" style="${button}#b3300b">Spam</a></p>`,
          ]
        : []),
    ];
    return `<tr><td style="${cell}">${lines.join("\n")}</td></tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${held(entries.length)}</title></head>
<body style="margin:0;padding:12px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.4;color:#111">
<table role="presentation" style="width:100%;max-width:600px;border-collapse:collapse;word-break:break-word">
<tr><td style="padding:0 0 12px">${escapeHtml(intro(entries.length, more))}</td></tr>
${items.join("\n")}
</table></body></html>
`;
}

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

/** The digest's mail listing `rows` in full; `more`: the held enquiries left for the next digest. */
export function composeDigest(digest: DigestInfo, rows: readonly SubmissionRow[], settings: DigestSettings, more = 0): SendMailOptions {
  const { linkFor } = settings;
  const links = (id: number) => linkFor && { release: linkFor(id, "released", digest.createdAt), spam: linkFor(id, "spam", digest.createdAt) };
  const entries = rows.map((row) => digestEntry(row, row.status === "quarantined" && !row.review ? links(row.id) : undefined));
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
