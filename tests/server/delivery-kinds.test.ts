// @vitest-environment node
/** Delivery kinds describe themselves: which are set up, and which enquiries each takes. */
import { randomBytes } from "node:crypto";
import { describe, expect, expectTypeOf, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import type { MailTransport } from "../../src/server/outbox/mail.ts";
import { createSenders, DELIVERY_KINDS, deliveriesFor, leadKinds, type DeliveryKind } from "../../src/server/outbox/senders/index.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";

const SALES = { company: "Lariox", siteUrl: "https://lariox.example", email: "sales@lariox.example", phones: ["+91 0"], hours: "9-6", address: "Surat" };
const WEBHOOK = { LEAD_WEBHOOK_URL: "https://crm.example/hook", LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}` };
const AT = new Date("2026-03-02T10:00:00Z");
/** A store that has sent `sent` receipts to every address in the last day. */
const ledger = (sent: number) => ({ receiptsSince: async () => sent });

describe("delivery kinds", () => {
  it("name themselves once each, and a name that is no kind does not type-check", () => {
    const names = DELIVERY_KINDS.map((k) => k.kind);
    expect(new Set(names).size).toBe(names.length);
    // The union is read from the list, so a typo is no DeliveryKind and no row can be queued that nothing claims (checked by tsc).
    expectTypeOf<(typeof names)[number]>().toEqualTypeOf<DeliveryKind>();
    expectTypeOf<"reciept">().not.toExtend<DeliveryKind>();
    expect(names).not.toContain("reciept");
  });

  it("an enquiry gets the kinds that are set up: the sales mail always, the receipt with sales' details, the webhook with its setting", async () => {
    const bare = leadKinds({ config: loadConfig({}) });
    expect(await deliveriesFor(bare, { email: "a@b.example", at: AT, proven: true }, ledger(0))).toEqual([{ kind: "sales-mail" }]);
    const all = leadKinds({ config: loadConfig(WEBHOOK), sales: SALES });
    expect(await deliveriesFor(all, { email: "a@b.example", at: AT, proven: true }, ledger(0))).toEqual([
      { kind: "sales-mail" },
      { kind: "receipt" },
      { kind: "webhook" },
    ]);
  });

  it("the receipt takes an enquiry only with an address, and within the daily limit per address", async () => {
    const kinds = leadKinds({ config: loadConfig({}), sales: SALES });
    const kindsOf = async (email: string, sent: number) => (await deliveriesFor(kinds, { email, at: AT, proven: true }, ledger(sent))).map((d) => d.kind);
    expect(await kindsOf("a@b.example", 2)).toEqual(["sales-mail", "receipt"]);
    expect(await kindsOf("a@b.example", 3)).toEqual(["sales-mail"]);
    expect(await kindsOf("", 0)).toEqual(["sales-mail"]);
  });

  it("the worker gets a sender for each set-up kind and none for the others", () => {
    const transport: MailTransport = { kind: "eml", send: async () => ({ outcome: "" }), close() {} };
    const store = {} as EnquiryStore;
    expect(Object.keys(createSenders(loadConfig({}), { transport })).sort()).toEqual(["sales-mail"]);
    expect(Object.keys(createSenders(loadConfig(WEBHOOK), { transport, store, sales: SALES })).sort()).toEqual(
      ["digest", "receipt", "sales-mail", "webhook", "weekly-summary"].sort(),
    );
  });
});
