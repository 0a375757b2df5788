/**
 * The four mails the server sends (the sales mail, the visitor's receipt, the digest of held
 * enquiries, the weekly summary), composed from sample data (scripts/lib/mail-samples.ts),
 * serialised by nodemailer as it would send them and read back by mailparser as a mail client
 * would: their headers, MIME structure, size and text part printed, each HTML part written to a
 * file to open in a browser. No server, database or settings needed.
 *
 *   npm run mails                       print them, HTML parts in .tmp/mails/
 *   npm run mails -- --out DIR          HTML parts in DIR
 *   npm run mails -- --shots            and a full-page PNG of each at 375 px (a phone), beside it
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { simpleParser, type AddressObject } from "mailparser";
import nodemailer from "nodemailer";
import { chromiumLaunchOptions } from "./lib/chromium.ts";
import { sampleMails } from "./lib/mail-samples.ts";

export interface MailPreviewIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const USAGE = "Usage: npm run mails -- [--out DIR] [--shots]\n";
/** A phone's width: the mails must read there without scrolling sideways. */
export const SHOT_WIDTH = 375;

/** One node of a message's MIME tree, as its bytes say. */
interface MimePart {
  type: string;
  charset: string | undefined;
  encoding: string | undefined;
  bytes: number;
  parts: MimePart[];
}

/**
 * The MIME tree of a raw message (CRLF lines, as nodemailer writes them): mailparser gives the
 * decoded parts but not how they nest, which is what a mail client chooses the part to show by.
 */
function mimeTree(raw: string): MimePart {
  const end = raw.indexOf("\r\n\r\n");
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, " ");
  const body = end < 0 ? "" : raw.slice(end + 4);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1]?.trim();
  const contentType = header("content-type") ?? "text/plain";
  const param = (name: string) => new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(contentType)?.[1];
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const boundary = param("boundary");
  const parts =
    type.startsWith("multipart/") && boundary
      ? body
          .split(`--${boundary}`)
          .slice(1, -1) // the preamble before the first boundary, and what follows the closing one
          .map((part) => mimeTree(part.replace(/^\r\n/, "")))
      : [];
  return { type, charset: param("charset"), encoding: header("content-transfer-encoding"), bytes: Buffer.byteLength(raw), parts };
}

function mimeLines(part: MimePart, depth = 1): string[] {
  const what = [part.type, part.charset && `charset=${part.charset}`, part.encoding].filter(Boolean).join("; ");
  return [`${"  ".repeat(depth)}${what}  (${bytes(part.bytes)})`, ...part.parts.flatMap((p) => mimeLines(p, depth + 1))];
}

const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []]
    .flat()
    .map((a) => a.text)
    .join(", ") || "(none)";

/** A full-page PNG of each HTML file at SHOT_WIDTH, and how wide its content is there (wider: the phone scrolls sideways). */
async function screenshots(files: readonly string[]): Promise<Array<{ png: string; height: number; contentWidth: number }>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: SHOT_WIDTH, height: 740 } });
    const shots = [];
    for (const file of files) {
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      const { height, contentWidth } = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        contentWidth: document.documentElement.scrollWidth,
      }));
      const png = file.replace(/\.html$/, ".png");
      await page.screenshot({ path: png, fullPage: true });
      shots.push({ png, height, contentWidth });
    }
    return shots;
  } finally {
    await browser.close();
  }
}

export async function main(argv: string[] = process.argv.slice(2), io: Partial<MailPreviewIo> = {}): Promise<number> {
  const { stdout = process.stdout, stderr = process.stderr } = io;
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { out: { type: "string", default: ".tmp/mails" }, shots: { type: "boolean", default: false } } }));
  } catch (error) {
    stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const out = resolve(values.out);
  await mkdir(out, { recursive: true });
  // The server's own serialisation of a mail (outbox/mail.ts writes .eml files with these options).
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const files: string[] = [];
  for (const { name, title, message } of sampleMails()) {
    const raw = (await transport.sendMail(message)).message as Buffer;
    const mail = await simpleParser(raw);
    if (typeof mail.html !== "string" || !mail.text) {
      stderr.write(`${name}: the mail has no ${typeof mail.html !== "string" ? "HTML" : "text"} part.\n`);
      return 1;
    }
    const file = join(out, `${name}.html`);
    await writeFile(file, mail.html);
    files.push(file);
    stdout.write(
      [
        `=== ${name}: ${title}`,
        `Subject:  ${mail.subject ?? "(none)"}`,
        `From:     ${addresses(mail.from)}`,
        `To:       ${addresses(mail.to)}`,
        `Reply-To: ${addresses(mail.replyTo)}`,
        `Size:     ${bytes(raw.length)}`,
        "MIME:",
        ...mimeLines(mimeTree(raw.toString("latin1"))),
        `HTML:     ${file} (${bytes(Buffer.byteLength(mail.html))} decoded)`,
        "--- text part ---",
        mail.text.replace(/\n$/, ""),
        "--- end of text part ---",
        "",
        "",
      ].join("\n"),
    );
  }
  transport.close();
  if (values.shots) {
    for (const shot of await screenshots(files)) {
      const fits = shot.contentWidth <= SHOT_WIDTH ? "fits the width" : `WIDER than the screen: scrolls sideways`;
      stdout.write(`Shot:     ${shot.png} (${SHOT_WIDTH} x ${shot.height} px; content ${shot.contentWidth} px wide, ${fits})\n`);
    }
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = await main();
