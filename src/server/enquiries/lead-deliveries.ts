/**
 * The deliveries an accepted enquiry gets: one of each set-up kind that takes it (senders/index.ts;
 * the sales mail always, the receipt within its daily limit, the webhook when set up). The same
 * when a quarantined enquiry is released.
 */
import { deliveriesFor, type LeadKinds } from "../outbox/senders/index.ts";
import type { EnquiryStore, NewDelivery } from "../store/index.ts";
import { emailOf, formSchemas } from "./validate.ts";

/**
 * `proven`: the post carried a time token and proof of work (or a person released it). An unproven
 * one (a no-script post) gets a receipt without its own words (receipt.ts, `plain`): otherwise anyone
 * could have the site mail a text of their choosing to a third party, in the company's name.
 */
export function leadDeliveries(store: EnquiryStore, kinds: LeadKinds, email: string, at: Date, proven = true): Promise<NewDelivery[]> {
  return deliveriesFor(kinds, { email, at, proven }, store);
}

/**
 * Sends held enquiry `id` on as if it had never been held: the deliveries an accepted one gets,
 * queued now. Resolves to what was queued, or undefined when it is not held or was reviewed already.
 */
export async function releaseHeld(store: EnquiryStore, kinds: LeadKinds, id: number, now: Date): Promise<NewDelivery[] | undefined> {
  const row = await store.get(id);
  if (row?.status !== "quarantined" || row.review) return undefined;
  const email = emailOf(formSchemas[row.kind], row.payload);
  const deliveries = await leadDeliveries(store, kinds, email, now);
  return (await store.review(id, "released", now, deliveries)) ? deliveries : undefined;
}
