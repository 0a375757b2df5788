// @vitest-environment node
/**
 * A receipt repeats no free text from a post that proved nothing (issue 60, point 5): a no-script
 * post with clean text is accepted without time token or proof of work, and its receipt went to
 * whatever address it named with the company field and the whole message in it, so anyone could
 * have the site mail their words to a third party. Such a receipt now says only that an enquiry
 * came and its reference; a proven post's receipt (the form's script ran) still quotes it whole.
 */
import type { SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leadDeliveries } from "../../src/server/enquiries/lead-deliveries.ts";
import { loadConfig } from "../../src/server/config.ts";
import { leadKinds } from "../../src/server/outbox/senders/index.ts";
import { receiptSender } from "../../src/server/outbox/senders/receipt.ts";
import type { MailTransport } from "../../src/server/outbox/mail.ts";
import type { DeliveryJob } from "../../src/server/store/index.ts";
import { salesContactFromSite } from "../../src/handover/built-site.ts";
import { startApp, type TestApp } from "./helpers.ts";

const site = {
  company: { name: "Lariox Automation", initials: "LA", siteUrl: "https://www.lariox.in", logo: "/l.svg", logoOnDark: "/l.svg", description: "x" },
  contact: {
    placeholder: false,
    email: "sales@lariox.in",
    phones: ["+91 261 400 1234"],
    address: { street: "Plot 12, Ring Road", city: "Surat", region: "Gujarat", postalCode: "395002", country: "India" },
    hours: "Mon-Sat 9 AM-6 PM",
    openingHours: "Mo-Sa 09:00-18:00",
    mapEmbedUrl: "https://maps.example/embed",
    mapTitle: "Map",
    social: [],
  },
};
const words = {
  name: "Click evil.example now",
  company: "WIN A PRIZE at evil.example",
  message: "Your account is locked: log in at https://evil.example/login",
};

let t: TestApp;
beforeAll(async () => {
  t = await startApp({}, { startOutbox: false });
});
afterAll(() => t.close());

async function receiptFor(proven: boolean): Promise<SendMailOptions> {
  const deliveries = await leadDeliveries(
    t.app.store,
    leadKinds({ config: loadConfig({}), sales: salesContactFromSite(site as never) }),
    "victim@example.com",
    new Date(),
    proven,
  );
  const receipt = deliveries.find((d) => d.kind === "receipt")!;
  let sent: SendMailOptions | undefined;
  const transport = { send: async (message: SendMailOptions) => ((sent = message), { outcome: "250 ok" }) } as unknown as MailTransport;
  const sender = receiptSender(transport, { mailFrom: '"Lariox website" <website@lariox.in>', sales: salesContactFromSite(site as never) });
  const payload = { ...words, subject: "Hello", email: "victim@example.com", phone: "", website: "" };
  const job = {
    ...{ id: 1, kind: "receipt", target: null, payload: receipt.payload ?? null, attempts: 0 },
    submission: { id: 7, kind: "contact", payload, createdAt: new Date(), reference: "LA-2026-000007" },
  } as unknown as DeliveryJob;
  await sender.send(job, new AbortController().signal);
  return sent!;
}

it("mails an unproven post's sender its reference, and none of the words it came with", async () => {
  const mail = await receiptFor(false);
  const everything = JSON.stringify(mail);
  expect(everything).toContain("LA-2026-000007");
  for (const text of Object.values(words)) expect(everything).not.toContain(text);
  expect(everything).not.toContain("evil.example");
});

it("still quotes a proven post's words back to its sender", async () => {
  const mail = await receiptFor(true);
  expect(String(mail.text)).toContain(words.message);
});
