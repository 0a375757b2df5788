/**
 * The "receipt" delivery: the visitor's copy with the reference (receipt.ts), to the address they
 * typed, replies going to sales. Queued only for accepted enquiries within the daily limit per
 * address (forms.ts asks shouldSendReceipt); retried like the sales mail.
 */
import type { MailTransport } from "../mail.ts";
import { submissionOf, type Sender } from "../sender.ts";
import { composeReceipt, receiptAddressKey, shouldSendReceipt, type ReceiptSettings } from "../receipt.ts";
import { DAY_MS } from "../../env.ts";
import { composedMessages } from "./composed.ts";
import { defineKind } from "./kind.ts";
import { isPermanentRefusal } from "./sales-mail.ts";

export function receiptSender(transport: MailTransport, settings: ReceiptSettings): Sender {
  const composed = composedMessages<ReturnType<typeof composeReceipt>>();
  return {
    async send(job, signal) {
      const submission = submissionOf(job);
      // A receipt for a post that proved nothing repeats none of its words (lead-deliveries.ts).
      const plain = (job.payload as { plain?: unknown } | null)?.plain === true;
      const message = composed(job.id, () => composeReceipt(submission, submission.reference, settings, { plain }));
      return (await transport.send(message, submission, signal)).outcome;
    },
    isPermanent: isPermanentRefusal,
  };
}

/** The visitor's copy, when the build handed over sales' contact details, within the daily limit per address. */
export const receipt = defineKind({
  kind: "receipt",
  isSetUp: ({ sales }) => sales !== undefined,
  sender: ({ config, transport, sales, choiceLabels }) =>
    receiptSender(transport, { mailFrom: config.mailFrom, sales: sales!, choiceLabels, timeZone: config.timeZone }),
  async takes({ email, at }, store) {
    if (!email) return false;
    return shouldSendReceipt("ok", await store.receiptsSince(receiptAddressKey(email), new Date(at.getTime() - DAY_MS))).send;
  },
  payload: ({ proven }) => (proven ? undefined : { plain: true }),
});
