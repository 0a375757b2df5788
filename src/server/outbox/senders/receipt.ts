/**
 * The "receipt" delivery: the visitor's copy with the reference (receipt.ts), to the address they
 * typed, replies going to sales. Queued only for accepted enquiries within the daily limit per
 * address (forms.ts asks shouldSendReceipt); retried like the sales mail.
 */
import type { MailTransport } from "../mail.ts";
import { submissionOf, type Sender } from "../worker.ts";
import { composeReceipt, type ReceiptSettings } from "../receipt.ts";
import { isPermanentRefusal } from "./sales-mail.ts";

export function receiptSender(transport: MailTransport, settings: ReceiptSettings): Sender {
  return {
    async send(job, signal) {
      const submission = submissionOf(job);
      // A receipt for a post that proved nothing repeats none of its words (lead-deliveries.ts).
      const plain = (job.payload as { plain?: unknown } | null)?.plain === true;
      const message = composeReceipt(submission, submission.reference, settings, { plain });
      return (await transport.send(message, submission, signal)).outcome;
    },
    isPermanent: isPermanentRefusal,
  };
}
