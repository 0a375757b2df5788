// @vitest-environment node
/** The visitor's receipt as a mail client reads it (mailparser), its reference, and when one goes. */
import { simpleParser, type AddressObject } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { createMailTransport } from "../../src/server/outbox/mail.ts";
import { composeReceipt, receiptAddressKey, shouldSendReceipt, type ReceiptSettings } from "../../src/server/outbox/receipt.ts";
import { salesContactFromSite } from "../../src/handover/built-site.ts";
import { formatReference, parseReference, referenceFor } from "../../src/server/store/reference.ts";
import { startSmtpSink } from "./helpers.ts";

const site = {
  company: { name: "Lariox Automation", initials: "LA", siteUrl: "https://www.lariox.in", logo: "/l.svg", logoOnDark: "/l.svg", description: "x" },
  contact: {
    placeholder: false,
    email: "sales@lariox.in",
    phones: ["+91 261 400 1234", "+91 98250 12345"],
    whatsapp: { number: "+91 98250 12345", label: "Chat", message: "{page}", pages: [] },
    address: { street: "Plot 12, Ring Road", city: "Surat", region: "Gujarat", postalCode: "395002", country: "India" },
    hours: "Mon-Sat 9 AM-6 PM",
    openingHours: "Mo-Sa 09:00-18:00",
    mapEmbedUrl: "https://maps.example/embed",
    mapTitle: "Map",
    social: [],
  },
};
const settings: ReceiptSettings = { mailFrom: '"Lariox website" <website@lariox.in>', sales: salesContactFromSite(site as never) };

async function parsed(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await transport.sendMail(message);
  return simpleParser(info.message as Buffer);
}
const addresses = (a: AddressObject | AddressObject[] | undefined) => [a ?? []].flat().flatMap((x) => x.value.map((v) => `${v.name} <${v.address}>`));

describe("reference", () => {
  it("is LA-<year>-<number> with six digits at least, the year India's", () => {
    expect(formatReference(2026, 123)).toBe("LA-2026-000123");
    expect(formatReference(2027, 1_234_567)).toBe("LA-2027-1234567");
    expect(referenceFor(5, new Date("2026-12-31T19:00:00Z"))).toBe("LA-2027-000005"); // 00:30 IST on 1 January
    expect(referenceFor(5, new Date("2026-12-31T18:00:00Z"))).toBe("LA-2026-000005");
    expect(referenceFor(5, new Date("2026-12-31T18:30:00Z"))).toBe("LA-2027-000005"); // midnight IST
    expect(referenceFor(5, new Date("2026-12-31T18:29:59.999Z"))).toBe("LA-2026-000005");
    // SITE_TIME_ZONE moves the new year with it.
    expect(referenceFor(5, new Date("2026-12-31T19:00:00Z"), "Europe/London")).toBe("LA-2026-000005");
    expect(referenceFor(5, new Date("2026-12-31T11:00:00Z"), "Pacific/Auckland")).toBe("LA-2027-000005");
    expect(() => formatReference(2026, 0)).toThrow(RangeError);
    expect(parseReference("la 2026 123")).toEqual({ year: 2026, number: 123 });
    expect(parseReference("LA-2026-000123")).toEqual({ year: 2026, number: 123 });
    expect(parseReference("LB-2026-1")).toBeUndefined();
  });
});

describe("receipt", () => {
  const submission = {
    id: 123,
    kind: "contact" as const,
    createdAt: new Date("2026-11-20T09:15:00Z"),
    payload: {
      name: "ધ્રુવ પટેલ",
      subject: "PLC upgrade for jet dyeing machines",
      email: "dhruv.patel@shreetextiles.in",
      phone: "+91 98765 43210",
      company: "Shree Textiles",
      message: "Two S7-200 CPUs failed.\nPlease call me.",
      website: "",
    },
  };

  it("shows a chosen value by the label the page gave it, as the sales mail does", async () => {
    const choiceLabels = { contact: { company: { "Shree Textiles": "Shree Textiles (Surat)" } } };
    const mail = await parsed(composeReceipt(submission, "LA-2026-000123", { ...settings, choiceLabels }));
    expect(mail.text).toMatch(/Company: +Shree Textiles \(Surat\)\n/);
  });

  it("goes to the visitor with the reference, what they sent and sales' details, and replies go to sales", async () => {
    const mail = await parsed(composeReceipt(submission, "LA-2026-000123", settings));
    expect(addresses(mail.from)).toEqual(["Lariox website <website@lariox.in>"]);
    expect(addresses(mail.to)).toEqual(["ધ્રુવ પટેલ <dhruv.patel@shreetextiles.in>"]);
    expect(addresses(mail.replyTo)).toEqual(["Lariox Automation sales <sales@lariox.in>"]);
    expect(mail.subject).toBe("We received your message LA-2026-000123 — Lariox Automation");
    expect(mail.messageId).toBe(`<receipt-123.${submission.createdAt.getTime()}@lariox.in>`);
    expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
    const text = mail.text ?? "";
    expect(text).toContain("Dear ધ્રુવ પટેલ,");
    expect(text).toContain("Your reference: LA-2026-000123");
    expect(text).toContain("20 Nov 2026, 2:45:00 pm IST");
    expect(text).toMatch(/Subject: +PLC upgrade for jet dyeing machines/);
    expect(text).toMatch(/Company: +Shree Textiles/);
    expect(text).toContain("Message:\nTwo S7-200 CPUs failed.\nPlease call me.");
    expect(text).toContain("Phone:    +91 261 400 1234, +91 98250 12345 (Mon-Sat 9 AM-6 PM)");
    expect(text).toContain("WhatsApp: +91 98250 12345");
    expect(text).toContain("E-mail:   sales@lariox.in");
    expect(text).toContain("Office:   Plot 12, Ring Road, Surat 395002, Gujarat, India");
    // Nothing of the honeypot, and no second copy of the address it was sent to.
    expect(text).not.toMatch(/Website:|Email:/);
  });

  it("crosses a real SMTP peer through the site's mail transport to the visitor's address, and reads the same", async () => {
    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    try {
      await transport.send(composeReceipt(submission, "LA-2026-000123", settings), submission);
    } finally {
      transport.close();
      await sink.close();
    }
    expect(sink.messages.map((m) => [m.from, m.to])).toEqual([["website@lariox.in", ["dhruv.patel@shreetextiles.in"]]]);
    const mail = await simpleParser(sink.messages[0]!.raw);
    console.log(
      `receipt as mailparser reads it:\n  From: ${addresses(mail.from).join(", ")}\n  To: ${addresses(mail.to).join(", ")}\n  Reply-To: ${addresses(mail.replyTo).join(", ")}\n  Subject: ${mail.subject}\n  Message-ID: ${mail.messageId}\n  Auto-Submitted: ${String(mail.headers.get("auto-submitted"))}\n\n${mail.text}`,
    );
    expect(mail.subject).toBe("We received your message LA-2026-000123 — Lariox Automation");
    expect(addresses(mail.replyTo)).toEqual(["Lariox Automation sales <sales@lariox.in>"]);
    expect(mail.text).toContain("Your reference: LA-2026-000123");
  });

  it("names a quote request as such and leaves out what was not filled in", async () => {
    const quote = {
      id: 7,
      kind: "quote" as const,
      createdAt: submission.createdAt,
      payload: { name: "Zoë Ñúñez", email: "zoe@example.in", phone: "", company: "", project: "SCADA", requirements: "", website: "" },
    };
    const mail = await parsed(composeReceipt(quote, "LA-2026-000007", settings));
    expect(mail.subject).toBe("Your quote request LA-2026-000007 — Lariox Automation");
    expect(mail.text).toMatch(/Project: +SCADA/);
    expect(mail.text).not.toMatch(/Phone: +\n|Company:|Requirements:/);
  });

  it("goes only for accepted posts, and at most three times a day to one mailbox, +tags and case folded", () => {
    expect(shouldSendReceipt("ok", 0)).toEqual({ send: true });
    expect(shouldSendReceipt("ok", 2)).toEqual({ send: true });
    expect(shouldSendReceipt("ok", 3)).toEqual({ send: false, why: "limit" });
    expect(shouldSendReceipt("quarantine", 0)).toEqual({ send: false, why: "quarantined" });
    expect(shouldSendReceipt("spam", 0)).toEqual({ send: false, why: "spam" });
    expect(shouldSendReceipt("ok", 1, 1)).toEqual({ send: false, why: "limit" });
    expect(receiptAddressKey(" Victim+Bomb1@Gmail.COM ")).toBe("victim@gmail.com");
    expect(receiptAddressKey("victim@gmail.com")).toBe(receiptAddressKey("VICTIM+x@gmail.com"));
  });
});
