/**
 * The visitor's receipt: a mail (text and HTML, ReceiptMail.tsx) to the address they typed, with the reference to
 * quote, what they sent, and how to reach sales (Reply-To goes to sales, not to the website).
 *
 * It is sent only for accepted posts, never for quarantined ones, and at most a few times a day to
 * one address (shouldSendReceipt), so the form cannot be used to mail-bomb someone else.
 */
import type { SendMailOptions } from "nodemailer";
import type { ChoiceLabels } from "../../forms/choice-labels.ts";
import { fill } from "../../content/tokens.ts";
import type { SalesContact } from "../../handover/built-site.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { emailOf, fieldWithRole } from "../../forms/schema.ts";
import { fieldTextLines, formatReceived, oneLine as line, schemaOf, shownFields } from "../present/enquiry.ts";
import { receiptHtml, type ReceiptMailProps, type ReceiptSubmission } from "./ReceiptMail.tsx";

export interface ReceiptSettings {
  /** The website's sender, MAIL_FROM. */
  mailFrom: string;
  sales: SalesContact;
  /** The pages' labels for select choices, shown instead of the stored value. */
  choiceLabels?: ChoiceLabels | undefined;
  /** SITE_TIME_ZONE, for the time the enquiry came. */
  timeZone?: string | undefined;
}

export type { ReceiptSubmission } from "./ReceiptMail.tsx";

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

export function receiptSubject(kind: FormKind, reference: string, company: string): string {
  return fill(schemaOf(kind)["x-form"].receipt.subject, { reference, company });
}

/**
 * The receipt's text part: what the HTML part (ReceiptMail.tsx) says, as plain text. `plain`: none of
 * the visitor's words (their name, what they sent), for a post that proved nothing (lead-deliveries.ts).
 */
export function receiptText({ submission, reference, sales, labels, timeZone, plain }: ReceiptMailProps): string {
  const schema = schemaOf(submission.kind);
  // The address is the one the receipt goes to: not repeated in it.
  const fields = plain ? [] : shownFields(submission.kind, submission.payload, labels, [fieldWithRole(schema, "email")]);
  const out = [
    `Dear ${(!plain && line(submission.payload.name)) || "Sir or Madam"},`,
    "",
    `Thank you for your ${schema["x-form"].receipt.sent} to ${sales.company}. It reached our sales team on ${formatReceived(submission.createdAt, timeZone)}, and an engineer will get back to you, usually within one working day.`,
    "",
    `Your reference: ${reference}`,
    "Please quote it when you call or write to us about this enquiry.",
    "",
    ...(plain ? [] : [`What you sent us:`, "", ...fieldTextLines(fields)]),
  ];
  out.push("", "To reach us sooner:", "");
  out.push(`Phone:    ${sales.phones.join(", ")} (${sales.hours})`);
  if (sales.whatsapp) out.push(`WhatsApp: ${sales.whatsapp}`);
  out.push(`E-mail:   ${sales.email} (or just reply to this mail)`);
  out.push(`Office:   ${sales.address}`);
  out.push(`Web:      ${sales.siteUrl}`);
  out.push("", "-- ", `${sales.company}`);
  out.push(
    `If you did not write to us, someone else typed your address into our form: please ignore this mail. We will not write again unless you do, and you can ask us to delete the enquiry by replying to it.`,
  );
  return `${out.join("\n")}\n`;
}

/** The receipt mail for an accepted enquiry, addressed to the visitor, replies going to sales. */
export function composeReceipt(
  submission: ReceiptSubmission,
  reference: string,
  settings: ReceiptSettings,
  { plain = false }: { plain?: boolean } = {},
): SendMailOptions {
  const p = submission.payload;
  const parts = { submission, reference, sales: settings.sales, labels: settings.choiceLabels, timeZone: settings.timeZone, plain };
  return {
    from: settings.mailFrom,
    to: { name: plain ? "" : line(p.name), address: line(emailOf(schemaOf(submission.kind), p)) },
    replyTo: { name: `${settings.sales.company} sales`, address: settings.sales.email },
    subject: receiptSubject(submission.kind, reference, settings.sales.company),
    text: receiptText(parts),
    html: receiptHtml(parts),
    messageId: `<receipt-${submission.id}.${submission.createdAt.getTime()}@${domainOf(settings.mailFrom)}>`,
    headers: {
      // RFC 3834: an automatic answer; out-of-office replies and other robots do not answer it.
      "Auto-Submitted": "auto-replied",
      "X-Auto-Response-Suppress": "All",
      "X-Lariox-Reference": reference,
    },
  };
}

/** How many receipts one address may get in 24 hours. */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/** The key receipts to one mailbox are counted under: lower case, without a +tag. */
export function receiptAddressKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return `${address.slice(0, at).replace(/\+.*$/, "")}@${address.slice(at + 1)}`;
}

export type ReceiptDecision = { send: true } | { send: false; why: "quarantined" | "spam" | "limit" };

/**
 * Whether an enquiry gets a receipt: only an accepted one, and only while its address
 * (receiptAddressKey) got fewer than `limit` receipts in the last 24 hours.
 */
export function shouldSendReceipt(
  verdict: "ok" | "quarantine" | "spam",
  receiptsInLast24h: number,
  limit: number = RECEIPTS_PER_ADDRESS_PER_DAY,
): ReceiptDecision {
  if (verdict === "spam") return { send: false, why: "spam" };
  if (verdict === "quarantine") return { send: false, why: "quarantined" };
  if (receiptsInLast24h >= limit) return { send: false, why: "limit" };
  return { send: true };
}
