// @vitest-environment node
/**
 * The HTML parts of the sales mail and the receipt, as a mail client reads them (mailparser): they
 * say what the text parts say, escape what the visitor typed (React's escaping, the only one), give
 * phone numbers and addresses as links, and show times in SITE_TIME_ZONE.
 */
import { simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { salesContactFromSite } from "../../src/handover/built-site.ts";
import { composeMail } from "../../src/server/outbox/mail.ts";
import { composeReceipt } from "../../src/server/outbox/receipt.ts";
import type { StoredSubmission } from "../../src/server/store/index.ts";

async function parsed(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return simpleParser((await transport.sendMail(message)).message as Buffer);
}

const HOSTILE = `Dhruv <script>alert("x")</script> & <b>Co</b>`;
const submission: StoredSubmission = {
  id: 42,
  kind: "contact",
  payload: {
    name: HOSTILE,
    subject: "PLC upgrade <img src=x onerror=alert(1)>",
    email: "dhruv.patel@shreetextiles.in",
    phone: "+91 98765 43210",
    company: "Shree Textiles",
    message: "Two S7-200 CPUs failed.\nPlease call me.",
  },
  ip: "203.0.113.7",
  userAgent: null,
  createdAt: new Date("2026-11-20T09:15:00Z"),
  reference: "LA-2026-000042",
  reasons: null,
  source: { page: "/contact", utmSource: "newsletter" },
  review: null,
};
const sales = salesContactFromSite({
  company: { name: "Lariox Automation", initials: "LA", siteUrl: "https://www.lariox.in", logo: "/l.svg", logoOnDark: "/l.svg", description: "x" },
  contact: {
    placeholder: false,
    email: "sales@lariox.in",
    phones: ["+91 261 400 1234"],
    whatsapp: { number: "+91 98250 12345", label: "Chat", message: "{page}", pages: [] },
    address: { street: "Plot 12, Ring Road", city: "Surat", region: "Gujarat", postalCode: "395002", country: "India" },
    hours: "Mon-Sat 9 AM-6 PM",
    openingHours: "Mo-Sa 09:00-18:00",
    mapEmbedUrl: "https://maps.example/embed",
    mapTitle: "Map",
    social: [],
  },
} as never);

/** The words of an HTML part, as a person reads them. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the mails' HTML parts", () => {
  it("the sales mail: a text and an HTML part saying the same, what the visitor typed escaped, the address as a link to answer them", async () => {
    const mail = await parsed(composeMail(submission, { mailTo: "sales@lariox.in", mailFrom: "website@lariox.in" }));
    const html = String(mail.html);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).not.toMatch(/<script|<img|<b>Co/);
    expect(html).toContain("Dhruv &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;");
    expect(html).toContain('href="mailto:dhruv.patel@shreetextiles.in"');
    for (const said of [
      "LA-2026-000042",
      "20 Nov 2026, 2:45:00 pm IST",
      "PLC upgrade <img src=x onerror=alert(1)>",
      "Shree Textiles",
      "/contact",
      "newsletter",
    ]) {
      expect(mail.text).toContain(said);
      expect(words(html)).toContain(said);
    }
    expect(words(html)).toContain("Two S7-200 CPUs failed. Please call me.");
  });

  it("the sales mail shows its times in SITE_TIME_ZONE", async () => {
    const mail = await parsed(composeMail(submission, { mailTo: "s@lariox.in", mailFrom: "w@lariox.in", timeZone: "Europe/London" }));
    expect(mail.text).toContain("Received: 20 Nov 2026, 9:15:00 am GMT");
    expect(words(String(mail.html))).toContain("20 Nov 2026, 9:15:00 am GMT");
  });

  it("the receipt: the reference in its own box, what was sent without the address it goes to, sales' numbers as links", async () => {
    const mail = await parsed(composeReceipt(submission, submission.reference, { mailFrom: "website@lariox.in", sales }));
    const html = String(mail.html);
    expect(html).not.toMatch(/<script|<img/);
    expect(words(html)).toContain(`Dear ${HOSTILE},`);
    expect(words(html)).toContain("Your reference LA-2026-000042 Please quote it");
    expect(html).toContain('href="tel:+912614001234"');
    expect(html).toContain('href="https://wa.me/919825012345"');
    expect(html).toContain('href="mailto:sales@lariox.in"');
    // The visitor's own address is where the mail goes, not repeated in it (the text part leaves it out too).
    expect(html).not.toContain("dhruv.patel@shreetextiles.in");
    expect(mail.text).not.toContain("dhruv.patel@shreetextiles.in");
    for (const said of ["20 Nov 2026, 2:45:00 pm IST", "Shree Textiles", "Plot 12, Ring Road, Surat 395002, Gujarat, India", "Mon-Sat 9 AM-6 PM"]) {
      expect(mail.text).toContain(said);
      expect(words(html)).toContain(said);
    }
  });
});
