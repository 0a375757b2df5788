/**
 * Every kind of delivery the outbox makes, by the name stored in `deliveries.kind`. To add a kind
 * (a Slack message per lead, say): declare its setting in env.ts's SETTINGS (SLACK_WEBHOOK_URL),
 * write its module here, a `defineKind` that is set up when `config.settings.SLACK_WEBHOOK_URL`
 * is, with its sender and which enquiries it takes, and list it in DELIVERY_KINDS below. Forms,
 * review and release then queue it for the enquiries it takes; claim, lease, retries, the retry
 * window, /healthz, alerts, --requeue and retention work for it as for the sales mail.
 */
import type { EnquiryStore, NewDelivery } from "../../store/index.ts";
import { createMailTransport } from "../mail.ts";
import type { Sender, Senders } from "../sender.ts";
import type { DeliveryKindSpec, Lead, SenderSetup, SetupFacts } from "./kind.ts";
import { digest } from "./digest.ts";
import { receipt } from "./receipt.ts";
import { salesMail } from "./sales-mail.ts";
import { webhook } from "./webhook.ts";
import { weeklySummary } from "./weekly-summary.ts";

export const DELIVERY_KINDS = [salesMail, receipt, webhook, digest, weeklySummary] as const;

export type DeliveryKind = (typeof DELIVERY_KINDS)[number]["kind"];

export type { Lead, SenderSetup, SetupFacts } from "./kind.ts";

/** The set-up kinds an accepted enquiry may get: what forms, review and release queue from. */
export type LeadKinds = ReadonlyArray<Required<Pick<DeliveryKindSpec<DeliveryKind>, "kind" | "takes">> & Pick<DeliveryKindSpec<DeliveryKind>, "payload">>;

export function leadKinds(facts: SetupFacts): LeadKinds {
  return DELIVERY_KINDS.flatMap((spec: DeliveryKindSpec<DeliveryKind>) =>
    spec.takes && spec.isSetUp(facts) ? [{ kind: spec.kind, takes: spec.takes.bind(spec), payload: spec.payload?.bind(spec) }] : [],
  );
}

/** The deliveries `lead` gets: one of each set-up kind that takes it. */
export async function deliveriesFor(
  kinds: LeadKinds,
  lead: Lead,
  store: Pick<EnquiryStore, "receiptsSince">,
): Promise<Array<NewDelivery & { kind: DeliveryKind }>> {
  const taken: Array<NewDelivery & { kind: DeliveryKind }> = [];
  for (const { kind, takes, payload } of kinds) {
    if (!(await takes(lead, store))) continue;
    const carried = payload?.(lead);
    taken.push(carried === undefined ? { kind } : { kind, payload: carried });
  }
  return taken;
}

export type SenderOptions = Omit<SenderSetup, "config" | "transport"> & { transport?: SenderSetup["transport"] | undefined };

/** The senders of the set-up kinds, by kind. */
export function createSenders(config: SenderSetup["config"], options: SenderOptions = {}): Senders & Partial<Record<DeliveryKind, Sender>> {
  const setup: SenderSetup = { ...options, config, transport: options.transport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }) };
  return Object.fromEntries(DELIVERY_KINDS.flatMap((spec: DeliveryKindSpec<DeliveryKind>) => (spec.isSetUp(setup) ? [[spec.kind, spec.sender(setup)]] : [])));
}
