/**
 * What a delivery kind says about itself: its name (the `deliveries.kind` of its rows), whether it
 * is set up, how it sends, and, for a kind an enquiry may get, whether this one does. index.ts
 * lists the kinds; nothing else names them.
 */
import type { ChoiceLabels } from "../../../forms/choice-labels.ts";
import type { SalesContact } from "../../../handover/built-site.ts";
import type { Config } from "../../config.ts";
import type { EnquiryStore, ReviewAction } from "../../store/index.ts";
import type { MailTransport } from "../mail.ts";
import type { Sender } from "../sender.ts";

/** What decides whether a kind is set up: the settings and what the build handed over. */
export interface SetupFacts {
  config: Config;
  /** Sales' contact details from the build (built-site.ts); without them no receipt is sent. */
  sales?: SalesContact | undefined;
  /** The store the digest and the weekly summary read; without it neither is sent. */
  store?: EnquiryStore | undefined;
}

/** What a sender is made from. */
export interface SenderSetup extends SetupFacts {
  transport: MailTransport;
  /** The pages' labels for select choices (the built site's), for the sales mail and the receipt. */
  choiceLabels?: ChoiceLabels | undefined;
  /** The webhook's clock (its signed timestamp), the outbox's in tests. */
  now?: (() => number) | undefined;
  /** The digest's Release and Spam links (review-link.ts); without it the digest has none. */
  reviewLink?: ((id: number, action: ReviewAction, madeAt: Date) => string) | undefined;
}

/** An accepted enquiry, as a kind decides whether it takes it. */
export interface Lead {
  /** The visitor's address ("" when the form has none). */
  email: string;
  /** When it was accepted (received, or released from the quarantine). */
  at: Date;
  /** Whether it carried a time token and proof of work, or a person released it (lead-deliveries.ts). */
  proven: boolean;
}

export interface DeliveryKindSpec<K extends string = string> {
  readonly kind: K;
  /** Whether its setting (or the build) sets it up; a kind not set up is neither queued nor sent. */
  isSetUp(facts: SetupFacts): boolean;
  sender(setup: SenderSetup): Sender;
  /**
   * Whether an accepted enquiry gets this delivery (the store answers how many receipts an address
   * got). Absent for a kind that is not made per enquiry (the digest).
   */
  takes?(lead: Lead, store: Pick<EnquiryStore, "receiptsSince">): boolean | Promise<boolean>;
  /** What a delivery it takes carries for its sender, if anything. */
  payload?(lead: Lead): unknown;
}

/** Declares a kind, keeping its name as a literal type (so index.ts can make the union of them). */
export const defineKind = <K extends string>(spec: DeliveryKindSpec<K>): DeliveryKindSpec<K> => spec;
