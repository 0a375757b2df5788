/**
 * The visitor's receipt: a plain-text mail to the address they typed, with the reference to
 * quote, what they sent, and how to reach sales (Reply-To goes to sales, not to the website).
 *
 * It is sent only for accepted posts, never for quarantined ones, and at most a few times a day to
 * one address (shouldSendReceipt), so the form cannot be used to mail-bomb someone else.
 */
import type { SendMailOptions } from "nodemailer";
import { shownText, type ChoiceLabels } from "../../forms/choice-labels.ts";
import { fill } from "../../content/tokens.ts";
import { formatReceived } from "./mail.ts";
import type { SalesContact } from "../../handover/built-site.ts";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { emailOf, fieldsOf, formSchemas, type FormKind } from "../enquiries/validate.ts";
import { fieldWithRole } from "../../forms/schema.ts";

export interface ReceiptSettings {
  /** The website's sender, MAIL_FROM. */
  mailFrom: string;
  sales: SalesContact;
  /** The pages' labels for select choices, shown instead of the stored value. */
  choiceLabels?: ChoiceLabels | undefined;
}

export interface ReceiptSubmission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  createdAt: Date;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const line = (v: unknown) =>
  str(v)
    .replace(/[\r\n]+/g, " ")
    .trim();

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

export function receiptSubject(kind: FormKind, reference: string, company: string): string {
  return fill(formSchemas[kind]["x-form"].receipt.subject, { reference, company });
}

/** `plain`: none of the visitor's words (their name, what they sent): for a post that proved nothing. */
export function receiptText(submission: ReceiptSubmission, reference: string, sales: SalesContact, labels?: ChoiceLabels, plain = false): string {
  const p = submission.payload;
  const schema = formSchemas[submission.kind];
  // The address is the one the receipt goes to: not repeated in it.
  const fields = fieldsOf(schema).filter((f) => f.name !== fieldWithRole(schema, "email"));
  const width = Math.max(...fields.filter((f) => !FIELD_TYPES[f.type].multiline).map((f) => f.label.length)) + 2;
  const what = formSchemas[submission.kind]["x-form"].receipt.sent;
  const out = [
    `Dear ${(!plain && line(p.name)) || "Sir or Madam"},`,
    "",
    `Thank you for your ${what} to ${sales.company}. It reached our sales team on ${formatReceived(submission.createdAt)}, and an engineer will get back to you, usually within one working day.`,
    "",
    `Your reference: ${reference}`,
    "Please quote it when you call or write to us about this enquiry.",
    "",
    ...(plain ? [] : [`What you sent us:`, ""]),
  ];
  const blocks: string[] = [];
  for (const { name, label, type } of plain ? [] : fields) {
    const value = shownText(labels, submission.kind, name, FIELD_TYPES[type].text(p[name]));
    if (FIELD_TYPES[type].multiline) {
      if (value.trim()) blocks.push("", `${label}:`, value.trim().replace(/\r\n?/g, "\n"));
    } else if (line(value)) {
      out.push(`${`${label}:`.padEnd(width)}${line(value)}`);
    }
  }
  out.push(...blocks, "", "To reach us sooner:", "");
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
export function composeReceipt(submission: ReceiptSubmission, reference: string, settings: ReceiptSettings, { plain = false } = {}): SendMailOptions {
  const p = submission.payload;
  return {
    from: settings.mailFrom,
    to: { name: plain ? "" : line(p.name), address: line(emailOf(formSchemas[submission.kind], p)) },
    replyTo: { name: `${settings.sales.company} sales`, address: settings.sales.email },
    subject: receiptSubject(submission.kind, reference, settings.sales.company),
    text: receiptText(submission, reference, settings.sales, settings.choiceLabels, plain),
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
