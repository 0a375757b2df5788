// @vitest-environment node
/**
 * `npm run submissions -- --erase EMAIL` leaves nothing of that person behind: not their .eml files
 * (MAIL_DELIVERY=files), and no readable copy of what they sent in the SQLite file or its log
 * (-wal), where deleted rows would otherwise stay in free pages and in the log's older page copies.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/submissions.ts";
import { composeMail, createMailTransport } from "../../src/server/outbox/mail.ts";
import { EnquiryStore } from "../../src/server/store/index.ts";
import type { StoredSubmission } from "../../src/server/store/index.ts";
import { tempDir } from "./helpers.ts";

const dir = tempDir("lariox-erase-");
afterAll(() => dir.remove());

describe("--erase EMAIL", () => {
  it("removes the person's .eml files and leaves no copy in site.db or its -wal, while the server keeps it open", async () => {
    const dataDir = join(dir.path, "data");
    const secret = `erase-me-${randomUUID()}`;
    const kept = `keep-me-${randomUUID()}`;
    const victim = "Leaving.Person@example.com";
    // The running server's handle stays open throughout, so the log is not folded in by a last close.
    const server = await EnquiryStore.open({ dataDir, databaseUrl: undefined });
    const transport = createMailTransport({ smtpUrl: undefined, dataDir });
    const settings = { mailTo: "sales@example.com", mailFrom: '"Website" <website@example.com>' };
    const send = async (email: string, message: string, receipt: boolean) => {
      const payload = { name: "Some One", email, subject: "Hello", message };
      const createdAt = new Date();
      const id = await server.insertSubmission({ kind: "contact", payload, ip: "192.0.2.1", userAgent: undefined, createdAt, email });
      const submission: StoredSubmission = {
        id,
        kind: "contact",
        payload,
        ip: "192.0.2.1",
        userAgent: null,
        createdAt,
        reference: `LA-2026-${id}`,
        reasons: null,
        review: null,
        source: {},
      };
      const mail = composeMail(submission, settings);
      await transport.send(mail, submission);
      if (receipt) await transport.send({ ...mail, to: email, messageId: `<receipt-${id}@example.com>` }, submission);
      return id;
    };
    for (let n = 1; n <= 3; n++) await send(victim.toLowerCase(), `${secret} number ${n}`, n === 1);
    const other = await send("stays@example.com", kept, true);
    // A held enquiry of each, each listed by a digest to sales: the digest's mail names its senders.
    const digestOf = async (email: string) => {
      await server.insertSubmission({
        kind: "contact",
        payload: { name: "Held", email, message: "held" },
        ip: undefined,
        userAgent: undefined,
        email,
        quarantine: { reasons: ["doubt"] },
      });
      const digest = (await server.digests({ id: (await server.createDigest(null, new Date()))!.id }))[0]!;
      // Named as the digest's sender names it (senders/digest.ts).
      await transport.send({ to: settings.mailTo, from: settings.mailFrom, subject: "Held for review", text: `Held: ${email}` }, { ...digest, kind: "digest" });
      // Sent: what it listed is shown, and no later digest lists it again.
      await server.digestSent(digest.id, (await server.digestListing(digest.id, 50)).ids, new Date());
      return digest.id;
    };
    const victimsDigest = await digestOf(victim.toLowerCase());
    const othersDigest = await digestOf("stays@example.com");
    transport.close();
    // Some of it reaches the database file itself, some stays in the log only, as on a live server.
    const side = new Database(join(dataDir, "site.db"));
    side.pragma("wal_checkpoint(PASSIVE)");
    side.close();

    const files = () => ["site.db", "site.db-wal"].map((f) => join(dataDir, f)).filter((f) => existsSync(f));
    const onDisk = () => Buffer.concat(files().map((f) => readFileSync(f)));
    const mails = () => readdirSync(join(dataDir, "mail")).sort();
    expect(onDisk().includes(secret)).toBe(true);
    expect(mails()).toHaveLength(8);

    const output: string[] = [];
    const code = await main(["--erase", victim], { env: { DATA_DIR: dataDir, MAIL_DELIVERY: "files" }, stdout: { write: (t: string) => output.push(t) } });
    expect([code, output.join("")]).toEqual([0, `Erased 4 enquiries from ${victim}, 3 deliveries not yet made and 5 .eml files.\n`]);

    expect(mails()).toEqual([
      expect.stringMatching(new RegExp(`-contact-${other}-receipt\\.eml$`)),
      expect.stringMatching(new RegExp(`-contact-${other}\\.eml$`)),
      expect.stringMatching(new RegExp(`-digest-${othersDigest}\\.eml$`)),
    ]);
    expect(victimsDigest).not.toBe(othersDigest);
    for (const [what, bytes] of [
      ["with the server's handle open", onDisk()],
      ["after the server closed", await server.close().then(onDisk)],
    ] as const) {
      expect([what, bytes.includes(secret), bytes.includes(victim.toLowerCase())]).toEqual([what, false, false]);
      // The other person's enquiry is still there to read: the check reads the right files.
      expect([what, bytes.includes(kept)]).toEqual([what, true]);
    }
  });
});
