/**
 * The deliveries an accepted enquiry gets: always the sales mail; the visitor's receipt when the
 * build handed over sales' contact details and the address got fewer than the daily limit; the
 * webhook when LEAD_WEBHOOK_URL is set. The same when a quarantined enquiry is released.
 */
import { DAY_MS } from "../env.ts";
import { receiptAddressKey, shouldSendReceipt } from "../outbox/receipt.ts";
import type { EnquiryStore, NewDelivery } from "../store/index.ts";
import { emailOf, formSchemas } from "./validate.ts";

/** Which optional kinds are set up (senders/index.ts optionalKinds). */
export type OptionalKinds = { receipt: boolean; webhook: boolean };

/**
 * `proven`: the post carried a time token and proof of work (or a person released it). An unproven
 * one (a no-script post) gets a receipt without its own words (receipt.ts, `plain`): otherwise anyone
 * could have the site mail a text of their choosing to a third party, in the company's name.
 */
export async function leadDeliveries(store: EnquiryStore, kinds: OptionalKinds, email: string, at: Date, proven = true): Promise<NewDelivery[]> {
  const deliveries: NewDelivery[] = [{ kind: "sales-mail" }];
  if (kinds.receipt && email) {
    const sent = await store.receiptsSince(receiptAddressKey(email), new Date(at.getTime() - DAY_MS));
    if (shouldSendReceipt("ok", sent).send) deliveries.push(proven ? { kind: "receipt" } : { kind: "receipt", payload: { plain: true } });
  }
  if (kinds.webhook) deliveries.push({ kind: "webhook" });
  return deliveries;
}

/**
 * Sends held enquiry `id` on as if it had never been held: the deliveries an accepted one gets,
 * queued now. Resolves to what was queued, or undefined when it is not held or was reviewed already.
 */
export async function releaseHeld(store: EnquiryStore, kinds: OptionalKinds, id: number, now: Date): Promise<NewDelivery[] | undefined> {
  const row = await store.get(id);
  if (row?.status !== "quarantined" || row.review) return undefined;
  const email = emailOf(formSchemas[row.kind], row.payload);
  const deliveries = await leadDeliveries(store, kinds, email, now);
  return (await store.review(id, "released", now, deliveries)) ? deliveries : undefined;
}
