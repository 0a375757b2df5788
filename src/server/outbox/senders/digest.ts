/**
 * The "digest" delivery: the mail of held enquiries (digest-mail.ts) to DIGEST_TO or MAIL_TO. The
 * row names the digest; the enquiries it lists are read when it is sent, so one erased meanwhile
 * is not mailed.
 */
import { composeDigest, type DigestSettings } from "../digest-mail.ts";
import type { MailTransport } from "../mail.ts";
import type { Sender } from "../worker.ts";
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
      const rows = await store.list({ digest: digest.id });
      if (rows.length === 0) throw new DigestGone(`digest ${digest.id} lists no enquiry any more: all were erased`);
      const message = composeDigest(digest, rows, { ...settings, mailTo: job.target ?? settings.mailTo });
      return (await transport.send(message, { id: digest.id, kind: "digest", createdAt: digest.createdAt }, signal)).outcome;
    },
    isPermanent: (error) => error instanceof DigestGone || isPermanentRefusal(error),
  };
}

/** The daily mail of held enquiries (queued by the digest schedule, not per enquiry), where a store is at hand. */
export const digest = defineKind({
  kind: "digest",
  isSetUp: ({ store }) => store !== undefined,
  sender: ({ config, transport, store, reviewLink }) =>
    digestSender(transport, store!, { mailTo: config.digest.to, mailFrom: config.mailFrom, linkFor: reviewLink }),
});
