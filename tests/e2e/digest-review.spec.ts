/**
 * Sales releases a held enquiry from the digest mail: an enquiry posted without the page's script
 * is held, `--digest` queues the digest, the real server (its own process, on the build) mails it to
 * an SMTP peer, and the browser opens the Release link read from that mail by mailparser and presses
 * the button. The sales mail and the receipt then arrive once; pressing again sends nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { expect, test } from "@playwright/test";
import { main as submissionsCli } from "../../scripts/submissions.ts";
import { EnquiryStore } from "../../src/server/store/index.ts";
import { freePort, postJson, startServer, startSmtpSink, validContact, waitFor, type ServerProcess, type SmtpSink } from "../server/helpers.ts";
import { E2E_DIST } from "../site-fixture.ts";

let site: ServerProcess;
let sink: SmtpSink;
let dataDir = "";
const FORM_SECRET = "an-e2e-form-secret-of-thirty-two-characters";

test.describe("the digest's Release link @once", () => {
  test.beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), "lariox-digest-"));
    const port = await freePort();
    site = await startServer({
      ...{ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DIST_DIR: E2E_DIST },
      ...{ SMTP_URL: sink.url, MAIL_TO: "sales@example.com", FORM_SECRET, OUTBOX_POLL_MS: "50", RATE_LIMIT: "0" },
    });
  });
  test.afterAll(async () => {
    site?.child.kill();
    await site?.exited;
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("opens the link from the mail, presses Release, and the sales mail and receipt are delivered once", async ({ page, context }) => {
    // Without the page's script (no time token, no proof of work) a post is held, not sent.
    const held = await postJson(
      site.url,
      "/api/mail/send-contact",
      { ...validContact, name: "Meera Shah", email: "meera@example.com" },
      {},
      { asScript: false },
    );
    expect(held.status).toBe(200);
    expect(sink.messages).toHaveLength(0);

    let out = "";
    const code = await submissionsCli(["--digest"], { env: { DATA_DIR: dataDir, FORM_SECRET }, stdout: { write: (s: string) => (out += s) } as never });
    expect([code, out]).toEqual([0, expect.stringMatching(/^Queued digest \d+ of 1 held enquiry/)]);
    const digest = await waitFor(() => sink.messages.find((m) => /^X-Lariox-Digest:/im.test(m.raw)), "the digest mail");
    const text = (await simpleParser(digest.raw)).text!;
    expect(text).toContain("Meera Shah");
    const release = /^Release .*: (\S+)$/m.exec(text)![1]!;
    expect(release.startsWith(`${site.url}/review/`)).toBe(true);
    sink.messages.length = 0;

    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(site.url)) elsewhere.push(request.url());
    });
    await page.goto(release);
    await expect(page.locator("h1")).toHaveText("Release this enquiry?");
    // A second tab on the same link, to press its button once the first has acted.
    const second = await context.newPage();
    await second.goto(release);
    await expect(page.locator("main")).toContainText("meera@example.com");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await page.getByRole("button", { name: "Release: send it to sales" }).click();
    await expect(page.locator("h1")).toHaveText("Released");

    await waitFor(() => sink.messages.length === 2, "the sales mail and the receipt");
    expect(sink.messages.flatMap((m) => m.to).sort()).toEqual(["meera@example.com", "sales@example.com"]);

    // The link again: it says what was done, and offers no button.
    await page.goto(release);
    await expect(page.locator("h1")).toHaveText("Already released");
    await expect(page.getByRole("button")).toHaveCount(0);
    await second.getByRole("button", { name: "Release: send it to sales" }).click();
    await expect(second.locator("h1")).toHaveText("Already released");
    const store = await EnquiryStore.open({ dataDir, databaseUrl: undefined }, { readonly: true });
    try {
      // Recorded as made (the peer has each message a moment before the outbox records it).
      const kinds = await waitFor(async () => {
        const [row] = await store.list({ email: "meera@example.com" });
        return row!.deliveries.every((d) => d.sentAt !== null) && row!.deliveries.map((d) => d.kind);
      }, "both deliveries recorded as made");
      expect(kinds).toEqual(["sales-mail", "receipt"]);
    } finally {
      await store.close();
    }
    expect(sink.messages).toHaveLength(2);
    expect(elsewhere).toEqual([]);
  });
});
