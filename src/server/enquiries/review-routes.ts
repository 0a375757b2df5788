/**
 * GET /review/<link> shows a held enquiry and the one button its link stands for; the button's POST
 * acts: Release sends it on (the sales mail and the receipt, lead-deliveries.ts), Spam marks it as
 * confirmed spam. The store acts on an enquiry not yet reviewed only, so a second use, of this link
 * or the other, sends nothing and says what was done. Refused links get a 4xx page.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { releaseHeld } from "./lead-deliveries.ts";
import type { LeadKinds } from "../outbox/senders/index.ts";
import type { Outbox } from "../outbox/worker.ts";
import { askPage, outcomePage, refusalPage } from "./ReviewPage.tsx";
import { crossSiteReason } from "./form-origin.ts";
import { REVIEW_PATH, checkReviewLink, type LinkCheck } from "./review-link.ts";
import type { EnquiryStore, SubmissionRow } from "../store/index.ts";

export interface ReviewRoutes {
  store: EnquiryStore;
  outbox: Outbox;
  key: Buffer;
  kinds: LeadKinds;
  now: () => number;
  /** The site's own addresses: a review POST from any other page is refused, as a form post is. */
  siteOrigins: readonly string[];
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex, nofollow")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(html);
}

export function registerReviewRoutes(app: FastifyInstance, { store, outbox, key, kinds, now, siteOrigins }: ReviewRoutes): void {
  /** The link's enquiry, or the reply that refuses it. */
  const open = async (token: string, reply: FastifyReply): Promise<{ link: Extract<LinkCheck, { ok: true }>; row: SubmissionRow } | FastifyReply> => {
    const link = checkReviewLink(key, token, new Date(now()));
    if (!link.ok) return send(reply, link.status, refusalPage(link.title, link.message));
    const row = await store.get(link.id);
    if (!row) return send(reply, 404, refusalPage("This enquiry is no longer kept", "It was removed: by the retention, or at the sender's request."));
    return { link, row };
  };
  const done = (row: SubmissionRow) => row.review !== null || row.status !== "quarantined";

  // The POST has no fields: the link is the whole request. Its body is read, not parsed.
  app.register(async (scope) => {
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 }, (_request, _body, next) => next(null));
    scope.get<{ Params: { token: string } }>(`${REVIEW_PATH}:token`, async (request, reply) => {
      const found = await open(request.params.token, reply);
      if (!("row" in found)) return found;
      const { link, row } = found;
      return send(reply, 200, done(row) ? outcomePage(row, false) : askPage(row, link.action, `${REVIEW_PATH}${request.params.token}`));
    });
    scope.post<{ Params: { token: string } }>(`${REVIEW_PATH}:token`, async (request, reply) => {
      if (crossSiteReason(request, siteOrigins))
        return send(reply, 403, refusalPage("Sent from another site", "Open the link from the digest and press the button on this site's page."));
      const found = await open(request.params.token, reply);
      if (!("row" in found)) return found;
      const { link, row } = found;
      const at = new Date(now());
      const acted = link.action === "released" ? (await releaseHeld(store, kinds, row.id, at)) !== undefined : await store.review(row.id, "spam", at);
      if (acted && link.action === "released") outbox.nudge();
      const after = (await store.get(row.id)) ?? row;
      return send(reply, acted ? 200 : 409, outcomePage(after, acted));
    });
  });
}
