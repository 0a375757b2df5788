/**
 * The "digest" delivery: the mail of held enquiries (digest-mail.ts) to DIGEST_TO or MAIL_TO. The
 * row names the digest; the enquiries it lists are read when it is sent, so one erased meanwhile
 * is not mailed. A digest lists at most DIGEST_MAX_LISTED in full, fewer when their mail would pass
 * DIGEST_MAX_BYTES; once its mail is sent, the rest make the next digest, queued at once: pages, each
 * mail bounded, until every held one was shown.
 */
import { fitDigest, type DigestSettings } from "../digest-mail.ts";
import type { MailTransport } from "../mail.ts";
import type { Sender } from "../sender.ts";
import type { EnquiryStore } from "../../store/index.ts";
import { isPermanentRefusal } from "./sales-mail.ts";
import { defineKind } from "./kind.ts";

/** A digest that cannot be sent, ever: retrying changes nothing. */
class DigestGone extends Error {
  override name = "DigestGone";
}

export function digestSender(transport: MailTransport, store: EnquiryStore, settings: DigestSettings): Sender {
  return {
    async send(job, signal) {
      const id = (job.payload as { digest?: unknown } | null)?.digest;
      const digest = typeof id === "number" ? (await store.digests({ id }))[0] : undefined;
      if (!digest) throw new DigestGone(`delivery ${job.id} names no digest that exists (${JSON.stringify(job.payload)})`);
      // Bounded: at most maxListed rows are read, in the listing's order, and as many listed as fit DIGEST_MAX_BYTES; the rest are counted.
      const { ids, total } = await store.digestListing(digest.id, settings.maxListed);
      const rank = new Map(ids.map((id, i) => [id, i]));
      const rows = (await store.list({ digest: digest.id, ids })).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
      if (rows.length === 0) throw new DigestGone(`digest ${digest.id} lists no enquiry any more: all were erased`);
      const { message, listed } = await fitDigest(digest, rows, { ...settings, mailTo: job.target ?? settings.mailTo }, total);
      const { outcome } = await transport.send(message, { id: digest.id, kind: "digest", createdAt: digest.createdAt }, signal);
      // Only what the mail listed is shown: the rest make the next digest, at once (a refused mail shows none, see createDigest).
      const shown = listed.map((row) => row.id);
      if ((await store.digestSent(digest.id, shown, new Date())) > 0) await store.createDigest(null, new Date());
      return outcome;
    },
    isPermanent: (error) => error instanceof DigestGone || isPermanentRefusal(error),
  };
}

/** The daily mail of held enquiries (queued by the digest schedule, not per enquiry), where a store is at hand. */
export const digest = defineKind({
  kind: "digest",
  isSetUp: ({ store }) => store !== undefined,
  sender: ({ config, transport, store, reviewLink }) =>
    digestSender(transport, store!, { mailTo: config.digest.to, mailFrom: config.mailFrom, linkFor: reviewLink, maxListed: config.digest.maxListed }),
});
