/**
 * The digest's one-click links: `/review/<id>.<action>.<expires>.<signature>`, an HMAC-SHA256 of the
 * rest under a key derived from FORM_SECRET for this use alone. A link names one held enquiry and one
 * action, and expires REVIEW_LINK_DAYS after its digest was made. The signature is checked before
 * the expiry, so a link with a changed date is refused as changed, not as expired.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { DAY_MS, REVIEW_LINK_DAYS } from "../env.ts";
import type { ReviewAction } from "../store/index.ts";

export { REVIEW_LINK_DAYS };
export const REVIEW_PATH = "/review/";
const ACTIONS: readonly ReviewAction[] = ["released", "spam"];
const LINK = /^(\d{1,15})\.(released|spam)\.(\d{1,13})\.([A-Za-z0-9_-]{43})$/;

/** The key of the links: FORM_SECRET's, but of no use for anything else signed with it. */
export function reviewKey(formSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", formSecret, "", "lariox digest review links", 32));
}

const sign = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest("base64url");

/** The path of the link to `action` held enquiry `id`, made at `madeAt`. */
export function reviewPath(key: Buffer, id: number, action: ReviewAction, madeAt: Date): string {
  const body = `${id}.${action}.${madeAt.getTime() + REVIEW_LINK_DAYS * DAY_MS}`;
  return `${REVIEW_PATH}${body}.${sign(key, body)}`;
}

export type LinkCheck =
  { ok: true; id: number; action: ReviewAction; expiresAt: Date } | { ok: false; status: 400 | 403 | 410; title: string; message: string };

/** What the link `token` (the path after /review/) asks, or why it is refused. */
export function checkReviewLink(key: Buffer, token: string, now: Date): LinkCheck {
  const match = LINK.exec(token);
  if (!match) return { ok: false, status: 400, title: "This link is not complete", message: "Copy the whole link from the digest mail, or click it there." };
  const [, id, action, expires, signature] = match;
  const expected = Buffer.from(sign(key, `${id}.${action}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(signature!))) {
    return {
      ok: false,
      status: 403,
      title: "This link is not valid",
      message: "It was changed, or was not made by this site. Use the link in the digest mail as it is.",
    };
  }
  const expiresAt = new Date(Number(expires));
  if (expiresAt.getTime() <= now.getTime()) {
    return {
      ok: false,
      status: 410,
      title: "This link has expired",
      message: `Links in a digest work for ${REVIEW_LINK_DAYS} days. Ask whoever runs the website to release or remove it (npm run submissions -- --spam).`,
    };
  }
  return { ok: true, id: Number(id), action: ACTIONS.find((a) => a === action)!, expiresAt };
}
