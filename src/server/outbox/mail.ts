/**
 * The e-mail for a submission, and the transport that carries it: SMTP when SMTP_URL is set,
 * otherwise one .eml file per message under DATA_DIR/mail (nothing else needed on a fresh machine).
 *
 * Header injection: single-line fields refuse CR/LF in the schema, and nodemailer encodes every
 * header value it writes (tests/server/outbox.test.ts, "header injection").
 */
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import escape from "escape-string-regexp";
import nodemailer from "nodemailer";
import type { SendMailOptions, Transporter } from "nodemailer";
import type { ChoiceLabels } from "../../forms/choice-labels.ts";
import { DAY_MS } from "../env.ts";
import type { StoredSubmission } from "../store/index.ts";
import { emailOf, type FormSchema } from "../../forms/schema.ts";
import { fieldTextLines, formatReceived, oneLine as line, shownFields, sourceLines, SOURCE_UNKNOWN, schemaOf } from "../present/enquiry.ts";
import { salesMailHtml } from "./SalesMail.tsx";

export interface MailSettings {
  mailTo: string;
  mailFrom: string;
  /** The pages' labels for select choices (the built site's), shown instead of the stored value. */
  choiceLabels?: ChoiceLabels | undefined;
  /** SITE_TIME_ZONE, for the time the enquiry came. */
  timeZone?: string | undefined;
}

export { formatReceived, sourceLines } from "../present/enquiry.ts";

/**
 * The subject the form's schema writes ("x-form".subject: {field} is the field's value, a [part] is
 * left out when its fields are empty), ending with the reference (when known) the visitor will quote.
 */
export function mailSubject(
  submission: Pick<StoredSubmission, "kind" | "payload"> & { reference?: string },
  schema: FormSchema = schemaOf(submission.kind),
): string {
  const value = (field: string) => line(submission.payload[field]);
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, field: string) => value(field));
  // One pass over the template, so a visitor's own braces are never read as a field.
  const subject = schema["x-form"].subject.replace(/\[([^\]]*)\]|\{(\w+)\}/g, (_, part: string | undefined, field: string) =>
    part === undefined ? value(field) : [...part.matchAll(/\{(\w+)\}/g)].some(([, f]) => value(f!)) ? fill(part) : "",
  );
  return subject + (submission.reference ? ` [${submission.reference}]` : "");
}

/** The sales mail's text part: what the HTML part (SalesMail.tsx) says, as plain text. */
export function mailText(submission: StoredSubmission, schema: FormSchema = schemaOf(submission.kind), labels?: ChoiceLabels, timeZone?: string): string {
  const lines = [
    `${schema["x-form"].heading} (submission #${submission.id})`,
    `Reference: ${submission.reference} (the sender was given it; quote it in replies)`,
    `Received: ${formatReceived(submission.createdAt, timeZone)}`,
    "",
    ...fieldTextLines(shownFields(submission.kind, submission.payload, labels, [], schema), "(not given)"),
  ];
  const source = sourceLines(submission.source ?? {});
  lines.push("", "Where the visit came from:", ...(source.length ? source : [SOURCE_UNKNOWN]));
  lines.push("", "-- ");
  lines.push(`Submission #${submission.id}, received ${submission.createdAt.toISOString()} (UTC).`);
  if (submission.ip) lines.push(`Sender IP: ${submission.ip}`);
  lines.push(`Reply to this e-mail to answer ${line(submission.payload.name) || "the sender"} directly.`);
  return `${lines.join("\n")}\n`;
}

/** The domain of an address such as `"Lariox website" <website@example.com>`. */
function domainOf(address: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address);
  return match?.[1] ?? "localhost";
}

/** A stable Message-ID per submission, so a duplicate from a retried delivery can be recognised. */
export function messageIdFor(submission: Pick<StoredSubmission, "id" | "createdAt">, mailFrom: string): string {
  return `<submission-${submission.id}.${submission.createdAt.getTime()}@${domainOf(mailFrom)}>`;
}

export function composeMail(submission: StoredSubmission, settings: MailSettings): SendMailOptions {
  const p = submission.payload;
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: { name: line(p.name), address: line(emailOf(schemaOf(submission.kind), p)) },
    subject: mailSubject(submission),
    text: mailText(submission, schemaOf(submission.kind), settings.choiceLabels, settings.timeZone),
    html: salesMailHtml(submission, settings.choiceLabels, settings.timeZone),
    messageId: messageIdFor(submission, settings.mailFrom),
    headers: { "X-Lariox-Submission": `${submission.kind} ${submission.id}`, "X-Lariox-Reference": submission.reference },
  };
}

export interface MailTransport {
  /** "smtp" or "eml"; for logs. */
  readonly kind: "smtp" | "eml";
  /** Resolves to what to record as the delivery's outcome: the Message-ID the SMTP server took, or the file written. */
  send(message: SendMailOptions, owner: MailFileOwner, signal?: AbortSignal): Promise<{ outcome: string }>;
  close(): void;
}

export interface TransportSettings {
  smtpUrl: string | undefined;
  dataDir: string;
}

/** The folder of the .eml files written when no SMTP server is set. */
export const mailFolder = (dataDir: string) => join(dataDir, "mail");

/** What a mail is about, which names its .eml file: an enquiry, or a digest (kind "digest"). */
export type MailFileOwner = { id: number; kind: string; createdAt: Date };

/** How the .eml files of one enquiry begin: its arrival time, kind and id. */
const mailFileStem = (submission: MailFileOwner) => `${submission.createdAt.toISOString().replace(/[:.]/g, "-")}-${submission.kind}-${submission.id}`;

/** SMTP when smtpUrl is set, otherwise .eml files in mailFolder(dataDir). */
export function createMailTransport(settings: TransportSettings): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl) : emlTransport(mailFolder(settings.dataDir));
}

/** Where mail goes, without credentials: the SMTP server, or the folder of the .eml files. */
export function mailDestination(settings: TransportSettings): string {
  if (!settings.smtpUrl) return `.eml files in ${mailFolder(settings.dataDir)}`;
  const { protocol, host } = new URL(settings.smtpUrl);
  return `${protocol}//${host}`;
}

function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  return {
    kind: "smtp",
    async send(message, _submission, signal) {
      const info = (await transporter.sendMail({ ...message, ...(signal ? { signal } : {}) })) as { messageId: string };
      return { outcome: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}

function emlTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "eml",
    async send(message, submission) {
      const info = await transporter.sendMail(message);
      const raw = info.message as Buffer;
      // The sales mail is named by its enquiry; another mail about it (the receipt) adds what it is,
      // from its Message-ID (<receipt-…>), so it does not overwrite the sales mail's file.
      const what = /^<([a-z]+)-/.exec(String(message.messageId ?? ""))?.[1];
      const suffix = what && what !== "submission" ? `-${what}` : "";
      const file = join(dir, `${mailFileStem(submission)}${suffix}.eml`);
      // Write, flush, then rename: a crash never leaves half a message under the final name.
      const temp = `${file}.tmp`;
      const openTemp = () => open(temp, "w", 0o600);
      // The folder is made when a mail finds it missing (the first one, or after someone removed
      // it), not before every mail. Private like the database: the messages hold visitors' personal data.
      const handle = await openTemp().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        await mkdir(dir, { recursive: true, mode: 0o700 });
        return openTemp();
      });
      try {
        await handle.writeFile(raw);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      // Not "sent": the listing shows this outcome, so no one takes a file for a delivered mail.
      return { outcome: `written to file ${basename(file)}` };
    },
    close() {
      transporter.close();
    },
  };
}

/** The files in `dir`: none when no mail was written yet. */
const namesIn = (dir: string): Promise<string[]> =>
  readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });

/** Removes the .eml files of `dataDir` last written over `retentionDays` before `now` (RETENTION_DAYS); resolves to how many. */
export async function purgeMailFiles(dataDir: string, now: Date, retentionDays: number): Promise<number> {
  const dir = mailFolder(dataDir);
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const names = await namesIn(dir);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(".eml"))) {
    const file = join(dir, name);
    if ((await stat(file)).mtime < before) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes the .eml files written for `submissions` (an erasure: the sales mail, the receipt, and a
 * file a crash left half-written), whatever MAIL_DELIVERY is now; resolves to how many.
 */
export async function eraseMailFiles(dataDir: string, submissions: readonly MailFileOwner[]): Promise<number> {
  const dir = mailFolder(dataDir);
  const names = await namesIn(dir);
  const theirs = submissions.map((s) => new RegExp(`^${escape(mailFileStem(s))}(?:-[a-z]+)?\\.eml(?:\\.tmp)?$`));
  const erased = names.filter((name) => theirs.some((pattern) => pattern.test(name)));
  for (const name of erased) await rm(join(dir, name), { force: true });
  return erased.length;
}
