/**
 * Leads sales can trust, end to end through the running app on both databases: the spam verdict
 * in receive() (quarantine kept but not delivered, a fast post or a reused time token or proof of
 * work held, never dropped, across instances through the store), the reference in the answer and every mail, the visitor's receipt
 * through the outbox (Reply-To sales, details from what the build tells the server, at most 3 a day), where
 * the visit came from, and the signed webhook delivered once through a sink that fails at first.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalesContact } from "../../src/handover/built-site.ts";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import { forEachBackend } from "./backends.ts";
import { parseMail, postJson, scriptFields, startApp, startSmtpSink, tempDir, validContact, waitFor } from "./helpers.ts";
import type { SmtpSink, TestApp } from "./helpers.ts";

const CONTACT = "/api/mail/send-contact";
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const SALES: SalesContact = {
  company: "Lariox Automation",
  siteUrl: "https://lariox.example.com",
  email: "sales@lariox.example.com",
  phones: ["+91 261 555 0100"],
  hours: "Mon–Sat 9:30–18:30 IST",
  address: "Plot 12, GIDC, Surat 394230, Gujarat, India",
};
const REFERENCE = /^LA-\d{4}-\d{6}$/;

/** A webhook receiver that answers 503 to its first `failures` POSTs, then 200. */
function flakySink(failures: number) {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let left = failures;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const status = left-- > 0 ? 503 : 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "busy");
    });
  });
  return { server, received, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/lead` };
}

describe("receipts without SMTP", () => {
  it("writes the receipt as its own .eml file beside the sales mail's, both showing a value by the built site's label for it", async () => {
    const dist = tempDir("lariox-leads-eml-");
    mkdirSync(join(dist.path, ".site"), { recursive: true });
    const choiceLabels = { contact: { company: { [validContact.company]: "Shree Textiles (label)" } } };
    writeFileSync(join(dist.path, BUILT_SITE_FILE), JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [], sales: SALES, choiceLabels }));
    const t = await startApp({ DIST_DIR: dist.path });
    try {
      expect((await postJson(t.url, CONTACT, { ...validContact, message: "Written to files." })).status).toBe(200);
      const mailDir = join(t.dataDir, "mail");
      const files = await waitFor(() => {
        const names = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
        return names.length === 2 && names;
      }, "two .eml files");
      expect(files.map((f) => f.replace(/^.*-contact-/, "")).sort()).toEqual(["1-receipt.eml", "1.eml"]);
      for (const file of files) expect(readFileSync(join(mailDir, file), "utf8")).toMatch(/Company: +Shree Textiles \(label\)\r?\n/);
    } finally {
      await t.close();
      dist.remove();
    }
  });
});

forEachBackend((backend) => {
  describe("leads sales can trust", () => {
    let t: TestApp;
    let smtp: SmtpSink;
    const hook = flakySink(2);
    const dist = tempDir("lariox-leads-");
    beforeAll(async () => {
      await new Promise<void>((resolve) => hook.server.listen(0, "127.0.0.1", resolve));
      mkdirSync(join(dist.path, ".site"), { recursive: true });
      writeFileSync(join(dist.path, BUILT_SITE_FILE), JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [], sales: SALES }));
      smtp = await startSmtpSink();
      t = await startApp({
        ...(await backend.fresh()).env,
        SMTP_URL: smtp.url,
        DIST_DIR: dist.path,
        LEAD_WEBHOOK_URL: hook.url(),
        LEAD_WEBHOOK_SECRET: SECRET,
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      hook.server.close();
      dist.remove();
    });

    const mails = () => smtp.messages.map((m) => ({ to: m.to, ...parseMail(m.raw) }));

    it("gives an accepted enquiry a reference, mails sales and the visitor, and hands it to the webhook once", async () => {
      const source = {
        page: "/contact/",
        landingPage: "/services/plc/?utm_source=newsletter",
        referrer: "https://www.google.com",
        utmSource: "newsletter",
        utmCampaign: "plc-2026",
      };
      const r = await postJson(t.url, CONTACT, { ...validContact, email: "asha@shreetextiles.in", ...source });
      expect(r.status).toBe(200);
      const { reference, message } = r.json() as unknown as { reference: string; message: string };
      expect(reference).toMatch(REFERENCE);
      expect(message).toBe(`Thank you, your message has been received. We will get back to you soon. Your reference is ${reference}.`);

      await waitFor(() => smtp.messages.length >= 2 && hook.received.length >= 3, "the sales mail, the receipt and the webhook's third try");
      const sales = mails().find((m) => m.to.includes("sales@example.com"))!;
      expect(sales.headers.get("subject")).toContain(`[${reference}]`);
      expect(sales.text).toContain(`Reference: ${reference}`);
      expect(sales.text).toMatch(/Landing page: +\/services\/plc\/\?utm_source=newsletter/);
      expect(sales.text).toMatch(/Referred by: +https:\/\/www\.google\.com/);
      expect(sales.text).toMatch(/utm_campaign: +plc-2026/);
      expect(sales.text).not.toContain("timeToken");

      const receipt = mails().find((m) => m.to.includes("asha@shreetextiles.in"))!;
      expect(receipt.headers.get("subject")).toBe(`We received your message ${reference} — Lariox Automation`);
      expect(receipt.headers.get("reply-to")).toContain("sales@lariox.example.com");
      expect(receipt.text).toContain(`Your reference: ${reference}`);
      expect(receipt.text).toContain("+91 261 555 0100");

      // Two 503s, then 200: one webhook-id on every try, and the last verifies as the receiver would check it.
      expect(new Set(hook.received.map((h) => h.headers["webhook-id"])).size).toBe(1);
      const last = hook.received.at(-1)!;
      const event = new Webhook(SECRET).verify(last.body, {
        "webhook-id": String(last.headers["webhook-id"]),
        "webhook-timestamp": String(last.headers["webhook-timestamp"]),
        "webhook-signature": String(last.headers["webhook-signature"]),
      }) as { type: string; data: { reference: string; fields: Record<string, string>; source: Record<string, string> } };
      expect(event.type).toBe("lead.received");
      expect(event.data.reference).toBe(reference);
      expect(event.data.fields.email).toBe("asha@shreetextiles.in");
      expect(event.data.source).toEqual(source);

      const row = (await t.app.store.list()).find((s) => s.reference === reference)!;
      expect(row.source).toEqual(source);
      expect(Object.keys(row.payload)).not.toContain("altcha");
      await waitFor(async () => (await t.app.store.get(row.id))?.status === "sent", "every delivery made");
      const deliveries = (await t.app.store.get(row.id))!.deliveries;
      expect(deliveries.map((d) => [d.kind, d.attempts])).toEqual([
        ["sales-mail", 1],
        ["receipt", 1],
        ["webhook", 3],
      ]);
      // Exactly once: nothing more arrives after the delivery is recorded (nothing in flight, nothing due).
      await t.app.outbox.idle();
      expect(hook.received).toHaveLength(3);
    });

    it("holds a JSON post without the script's proofs in quarantine: stored, answered with a reference, never delivered", async () => {
      const before = { mails: smtp.messages.length, hooks: hook.received.length };
      const r = await postJson(
        t.url,
        CONTACT,
        { ...validContact, name: "Hand Made", email: "hand@example.org", message: "Posted by hand." },
        {},
        { asScript: false },
      );
      expect(r.status).toBe(200);
      const { reference } = r.json() as unknown as { reference: string };
      expect(reference).toMatch(REFERENCE);
      const row = (await t.app.store.list({ status: "quarantined" })).find((s) => s.reference === reference)!;
      expect(row.deliveries).toEqual([]);
      expect((row.reasons as Array<{ code: string }>).map((f) => f.code)).toEqual(["missing", "missing"]);
      await t.app.outbox.idle();
      expect([smtp.messages.length, hook.received.length]).toEqual([before.mails, before.hooks]);
    });

    it("holds a second post with the same time token and proof of work: stored with its reasons, never delivered", async () => {
      const fields = await scriptFields(t.url, "contact");
      const first = await postJson(t.url, CONTACT, { ...validContact, name: "First Use", email: "first@example.org", ...fields });
      expect(first.json().success).toBe(true);
      const replay = await postJson(t.url, CONTACT, {
        ...validContact,
        name: "Pressed Twice",
        email: "again@example.org",
        message: "Sent a second time with the same proofs.",
        ...fields,
      });
      expect(replay.status).toBe(200);
      const { reference } = replay.json() as unknown as { reference: string };
      expect(reference).toMatch(REFERENCE);
      const row = (await t.app.store.list({ status: "quarantined" })).find((s) => s.reference === reference)!;
      expect(row.payload.name).toBe("Pressed Twice");
      expect(row.deliveries).toEqual([]);
      expect((row.reasons as Array<{ layer: string; code: string; severity: string }>).map((f) => `${f.severity}:${f.layer}/${f.code}`).sort()).toEqual([
        "doubt:altcha/replayed",
        "doubt:time-trap/reused",
      ]);
    });

    it("holds the same long message from another address, and sends one address at most 3 receipts a day", async () => {
      const text = "We are looking for a supplier of industrial panels for our new plant, please send a catalogue and prices.";
      const a = await postJson(t.url, CONTACT, { ...validContact, email: "one@buyers.example", message: text });
      const b = await postJson(t.url, CONTACT, { ...validContact, email: "two@buyers.example", message: text });
      const held = await t.app.store.list({ status: "quarantined" });
      const referenceOf = (r: typeof a) => (r.json() as unknown as { reference: string }).reference;
      expect(held.map((s) => s.reference)).toContain(referenceOf(b));
      expect(held.map((s) => s.reference)).not.toContain(referenceOf(a));

      for (let i = 0; i < 4; i++) {
        const r = await postJson(t.url, CONTACT, {
          ...validContact,
          email: "many+tag@repeat.example",
          subject: `Question ${i}`,
          message: `Question number ${i}.`,
        });
        expect(r.json().success).toBe(true);
      }
      const rows = (await t.app.store.list()).filter((s) => s.payload.email === "many+tag@repeat.example");
      expect(rows.map((s) => s.deliveries.filter((d) => d.kind === "receipt").length)).toEqual([1, 1, 1, 0]);
    });
  });

  describe("a visitor whose browser fills the form at once", () => {
    let t: TestApp;
    beforeAll(async () => {
      // Every post here comes sooner than the minimum after its form was shown.
      t = await startApp({ ...(await backend.fresh()).env, SPAM_MIN_SECONDS: "60" });
    });
    afterAll(() => t.close());

    it("is stored and held with the reason, never dropped", async () => {
      const r = await postJson(t.url, CONTACT, { ...validContact, name: "Quick Autofill", email: "quick@example.org" });
      expect(r.status).toBe(200);
      const { reference } = r.json() as unknown as { reference: string };
      expect(reference).toMatch(REFERENCE);
      const row = (await t.app.store.list({ status: "quarantined" })).find((s) => s.reference === reference)!;
      expect(row.payload.name).toBe("Quick Autofill");
      expect((row.reasons as Array<{ code: string; severity: string }>).map((f) => `${f.severity}:${f.code}`)).toEqual(["doubt:too-fast"]);
      expect(await t.app.store.spamCounts()).toEqual([]);
    });
  });
});
