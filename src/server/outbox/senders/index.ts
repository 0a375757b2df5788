/**
 * Every kind of delivery the outbox makes, by the name stored in `deliveries.kind`. To add a kind:
 * write its sender as one module here (a `Sender`: send, isPermanent, close), add it below under
 * its name, and pass `{ kind: "<name>", target, payload }` in NewSubmission.deliveries where
 * enquiries are stored. Claim, lease, retries, the retry window, /healthz, alerts, --requeue and
 * retention then work for it as for the sales mail.
 */
import type { ChoiceLabels } from "../../../forms/choice-labels.ts";
import type { Config } from "../../config.ts";
import { createMailTransport } from "../mail.ts";
import type { MailTransport } from "../mail.ts";
import type { Senders } from "../worker.ts";
import type { SalesContact } from "../../../handover/built-site.ts";
import { reviewPath } from "../../enquiries/review-link.ts";
import type { EnquiryStore, ReviewAction } from "../../store/index.ts";
import { digestSender } from "./digest.ts";
import { weeklySummarySender } from "./weekly-summary.ts";
import { receiptSender } from "./receipt.ts";
import { salesMailSender } from "./sales-mail.ts";
import { webhookSender } from "./webhook.ts";

export interface SenderOptions {
  /** Replaces the SMTP/.eml transport chosen from the configuration (tests). */
  transport?: MailTransport | undefined;
  /** Sales' contact details from the build (built-site.ts); without them no receipt is sent. */
  sales?: SalesContact | undefined;
  /** The pages' labels for select choices (the built site's), for the sales mail and the receipt. */
  choiceLabels?: ChoiceLabels | undefined;
  /** The webhook's clock (its signed timestamp), the outbox's in tests. */
  now?: (() => number) | undefined;
  /** The store the digest and the weekly summary read; without it neither is sent. */
  store?: EnquiryStore | undefined;
  /** The digest's Release and Spam links: the site's address and their key (review-link.ts); without it the digest has none. */
  review?: { siteUrl: string; key: Buffer } | undefined;
}

/** The delivery kinds an accepted enquiry gets, beside the sales mail, given what is set up. */
export function optionalKinds(config: Pick<Config, "leadWebhook">, sales: SalesContact | undefined): { receipt: boolean; webhook: boolean } {
  return { receipt: sales !== undefined, webhook: config.leadWebhook !== undefined };
}

function linkFor(review: SenderOptions["review"]) {
  return review && ((id: number, action: ReviewAction, madeAt: Date) => new URL(reviewPath(review.key, id, action, madeAt), review.siteUrl).href);
}

export function createSenders(config: Config, options: SenderOptions = {}): Senders {
  const transport = options.transport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  return {
    "sales-mail": salesMailSender(transport, { mailTo: config.mailTo, mailFrom: config.mailFrom, choiceLabels: options.choiceLabels }),
    ...(options.sales ? { receipt: receiptSender(transport, { mailFrom: config.mailFrom, sales: options.sales, choiceLabels: options.choiceLabels }) } : {}),
    ...(config.leadWebhook ? { webhook: webhookSender(config.leadWebhook, options.now) } : {}),
    ...(options.store
      ? {
          digest: digestSender(transport, options.store, {
            mailTo: config.digest.to,
            mailFrom: config.mailFrom,
            linkFor: linkFor(options.review),
            maxListed: config.digest.maxListed,
          }),
          "weekly-summary": weeklySummarySender(transport, options.store, { mailTo: config.digest.to, mailFrom: config.mailFrom }),
        }
      : {}),
  };
}
