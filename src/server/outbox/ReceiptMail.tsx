/**
 * The receipt's HTML part: thanks, the reference to quote in a box of its own, what the visitor
 * sent, and how to reach sales (each number a link a phone can call). It says what the text part
 * (receipt.ts receiptText) says, from the same lines (present/enquiry.ts).
 */
import type { ReactNode } from "react";
import type { ChoiceLabels } from "../../forms/choice-labels.ts";
import type { SalesContact } from "../../handover/built-site.ts";
import { fieldWithRole } from "../../forms/schema.ts";
import { formatReceived, oneLine, schemaOf, shownFields } from "../present/enquiry.ts";
import { FieldList, link, MailHeader, MailLayout, MailSection, PairList, paragraph } from "../present/MailLayout.tsx";
import { renderDocument } from "../present/render.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";

/** What a receipt is about: the enquiry as stored. */
export interface ReceiptSubmission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** What a receipt is written from, for both its parts (receipt.ts receiptText too). */
export interface ReceiptMailProps {
  submission: ReceiptSubmission;
  reference: string;
  sales: SalesContact;
  labels?: ChoiceLabels | undefined;
  timeZone?: string | undefined;
  /** None of the visitor's words: for a post that proved nothing (receipt.ts). */
  plain?: boolean | undefined;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

function ReceiptMail({ submission, reference, sales, labels, timeZone, plain }: ReceiptMailProps) {
  const schema = schemaOf(submission.kind);
  const name = plain ? "" : oneLine(submission.payload.name);
  // The address is the one the receipt goes to: not repeated in it.
  const fields = shownFields(submission.kind, submission.payload, labels, [fieldWithRole(schema, "email")]);
  const contact: Array<readonly [string, ReactNode]> = [
    [
      "Phone",
      <>
        {sales.phones.map((phone, i) => (
          <span key={phone}>
            {i > 0 ? ", " : ""}
            <a href={telHref(phone)} style={link}>
              {phone}
            </a>
          </span>
        ))}{" "}
        ({sales.hours})
      </>,
    ],
    ...(sales.whatsapp
      ? [
          [
            "WhatsApp",
            <a href={`https://wa.me/${sales.whatsapp.replace(/\D/g, "")}`} style={link}>
              {sales.whatsapp}
            </a>,
          ] as const,
        ]
      : []),
    [
      "E-mail",
      <>
        <a href={`mailto:${sales.email}`} style={link}>
          {sales.email}
        </a>{" "}
        (or just reply to this mail)
      </>,
    ],
    ["Office", sales.address],
    [
      "Web",
      <a href={sales.siteUrl} style={link}>
        {sales.siteUrl}
      </a>,
    ],
  ];
  return (
    <MailLayout
      title={`${sales.company}: ${reference}`}
      preheader={`Your reference is ${reference}. An engineer will get back to you, usually within one working day.`}
      footer={
        <>
          {sales.company}. If you did not write to us, someone else typed your address into our form: please ignore this mail. We will not write again unless
          you do, and you can ask us to delete the enquiry by replying to it.
        </>
      }
    >
      <MailHeader kicker={sales.company} title={`Thank you for your ${schema["x-form"].receipt.sent}`} />
      <MailSection>
        <p style={paragraph}>Dear {name || "Sir or Madam"},</p>
        <p style={{ ...paragraph, margin: 0 }}>
          Thank you for your {schema["x-form"].receipt.sent} to {sales.company}. It reached our sales team on {formatReceived(submission.createdAt, timeZone)},
          and an engineer will get back to you, usually within one working day.
        </p>
      </MailSection>
      <MailSection tint heading="Your reference">
        <p style={{ margin: "0 0 4px", fontSize: 22, lineHeight: "28px", fontWeight: 700, letterSpacing: "0.02em" }}>{reference}</p>
        <p style={{ margin: 0, fontSize: 14, lineHeight: "20px" }}>Please quote it when you call or write to us about this enquiry.</p>
      </MailSection>
      {plain ? null : (
        <MailSection heading="What you sent us">
          <FieldList fields={fields} skipEmpty />
        </MailSection>
      )}
      <MailSection heading="To reach us sooner">
        <PairList rows={contact} />
      </MailSection>
    </MailLayout>
  );
}

/** The receipt's HTML part, a whole document. */
export function receiptHtml(props: ReceiptMailProps): string {
  return renderDocument(<ReceiptMail {...props} />);
}
