/**
 * The "webhook" delivery: the accepted enquiry POSTed to LEAD_WEBHOOK_URL, signed the Standard
 * Webhooks way (lead-webhook.ts). Its webhook-id is the same on every retry, so a receiver that
 * keeps the ids it has seen takes each lead exactly once though the outbox delivers at least once.
 */
import { createLeadWebhookTransport, isPermanentWebhookFailure, leadEvent, loadLeadWebhook, type LeadWebhookSettings } from "../lead-webhook.ts";
import { submissionOf, type Sender } from "../sender.ts";
import { defineKind } from "./kind.ts";

export function webhookSender(settings: LeadWebhookSettings, now?: () => number): Sender {
  const transport = createLeadWebhookTransport(settings, now);
  return {
    async send(job, signal) {
      const submission = submissionOf(job);
      const source = Object.fromEntries(Object.entries(submission.source).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const result = await transport.send(leadEvent(submission, { reference: submission.reference, source }), signal);
      return `${result.status} ${result.messageId}`;
    },
    isPermanent: isPermanentWebhookFailure,
  };
}

/**
 * Every accepted enquiry, POSTed to LEAD_WEBHOOK_URL when it is set. Its settings are its own, read
 * from the settings here: a bad pair stops the server as it starts (main.ts), a ConfigError.
 */
export const webhook = defineKind({
  kind: "webhook",
  isSetUp: ({ config }) => loadLeadWebhook(config.settings) !== undefined,
  sender: ({ config, now }) => webhookSender(loadLeadWebhook(config.settings)!, now),
  takes: () => true,
});
