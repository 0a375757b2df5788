/**
 * The "sales-mail" delivery: the enquiry e-mailed to sales (MAIL_TO, or the delivery's own target),
 * over SMTP or as an .eml file (mail.ts). The Message-ID is stable per submission, so a rare
 * duplicate after a crash mid-send is recognisable.
 */
import { composeMail } from "../mail.ts";
import type { MailSettings, MailTransport } from "../mail.ts";
import { submissionOf, type Sender } from "../sender.ts";
import { composedMessages } from "./composed.ts";
import { defineKind } from "./kind.ts";

/**
 * A refusal that retrying cannot change: the SMTP server answered 5xx to this message (unknown
 * recipient, rejected content). A 5xx to the login is left out: a wrong or expired password is
 * the operator's to fix, and the messages should go once it is.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

export function salesMailSender(transport: MailTransport, settings: MailSettings): Sender {
  const composed = composedMessages<ReturnType<typeof composeMail>>();
  return {
    async send(job, signal) {
      const submission = submissionOf(job);
      const message = composed(job.id, () => composeMail(submission, { ...settings, mailTo: job.target ?? settings.mailTo }));
      return (await transport.send(message, submission, signal)).outcome;
    },
    isPermanent: isPermanentRefusal,
    close: () => transport.close(),
  };
}

/** Every accepted enquiry is mailed to sales (MAIL_TO), always set up. */
export const salesMail = defineKind({
  kind: "sales-mail",
  isSetUp: () => true,
  sender: ({ config, transport, choiceLabels }) =>
    salesMailSender(transport, { mailTo: config.mailTo, mailFrom: config.mailFrom, choiceLabels, timeZone: config.timeZone }),
  takes: () => true,
});
