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
      const message = composeReceipt(submission, submission.reference, settings);
      return (await transport.send(message, submission, signal)).outcome;
    },
    isPermanent: isPermanentRefusal,
  };
}
