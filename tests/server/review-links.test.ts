// @vitest-environment node
/**
 * The digest's Release and Spam links, on both databases: taken from the digest as mailparser reads
 * it, opened (a page with the summary and one button, the site's headers, noindex, nothing fetched
 * from elsewhere), and posted. Release delivers the sales mail and the receipt once; a second use
 * of either link sends nothing and says what was done; Spam keeps it held until the purge. Changed,
 * foreign and expired links get their 4xx page.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import { DAY_MS } from "../../src/server/env.ts";
import { REVIEW_LINK_DAYS, reviewKey, reviewPath } from "../../src/server/enquiries/review-link.ts";
import { CONFIRMED_SPAM_DAYS, type EnquiryStore } from "../../src/server/store/index.ts";
import { forEachBackend, type FreshStore } from "./backends.ts";
import { rawRequest, startApp, startSmtpSink, tempDirs, validContact, waitFor, type SmtpSink, type TestApp } from "./helpers.ts";

const SECRET = "a-form-secret-of-at-least-thirty-two-characters";
const SALES = {
  ...{ company: "Lariox Automation", siteUrl: "https://lariox.example.com", email: "sales@lariox.example.com" },
  ...{ phones: ["+91 261 555 0100"], hours: "Mon–Sat 9:30–18:30 IST", address: "Plot 12, GIDC, Surat 394230, Gujarat, India" },
};
const START = Date.parse("2027-02-01T06:00:00Z");
const doubt = { layer: "time-trap", severity: "doubt", code: "too-fast", reason: "Sent sooner than a person types." };

const dirs = tempDirs("lariox-review-");
afterAll(() => dirs.removeAll());

function hold(store: EnquiryStore, name: string, at: number): Promise<number> {
  const email = `${name.toLowerCase()}@example.com`;
  return store.insertSubmission({
    ...{ kind: "contact", payload: { ...validContact, name, email }, ip: "192.0.2.9", userAgent: "test", createdAt: new Date(at) },
    ...{ email, quarantine: { reasons: [doubt] } },
  });
}

/** The path of each link in a digest's text (the HTML part has the same as buttons), by the enquiry's name. */
async function linksIn(raw: string): Promise<Record<string, { release: string; spam: string }>> {
  const { text: plain, html } = await simpleParser(raw);
  const text = plain!;
  const hrefs = [...(html || "").matchAll(/<a href="([^"]+)"[^>]*>(Release|Spam)<\/a>/g)].map((m) => m[1]);
  expect(hrefs).toEqual([...text.matchAll(/^(?:Release|Spam) .*: (\S+)$/gm)].map((m) => m[1]));
  const links: Record<string, { release: string; spam: string }> = {};
  for (const block of text.split("\n\n").slice(1)) {
    const name = /^Name: +(.+)$/m.exec(block)![1]!;
    const path = (kind: string) => new URL(new RegExp(`^${kind} .*: (\\S+)$`, "m").exec(block)![1]!).pathname;
    links[name] = { release: path("Release"), spam: path("Spam") };
  }
  return links;
}

forEachBackend((backend) => {
  let sink: SmtpSink;
  let test: TestApp | undefined;
  let clock = START;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    await test?.close();
    test = undefined;
    sink.messages.length = 0;
  });

  async function server(fresh: FreshStore): Promise<TestApp> {
    const dist = dirs.make();
    mkdirSync(join(dist, ".site"), { recursive: true });
    writeFileSync(join(dist, BUILT_SITE_FILE), JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [], sales: SALES }));
    test = await startApp({ ...fresh.env, DIST_DIR: dist, SMTP_URL: sink.url, FORM_SECRET: SECRET, MAIL_TO: "sales@example.com" }, { now: () => clock });
    return test;
  }

  /** Holds Asha and Bilal, sends a digest now, and resolves to its links. */
  async function digestLinks(app: TestApp["app"]) {
    await hold(app.store, "Asha", clock - 60_000);
    await hold(app.store, "Bilal", clock - 30_000);
    await app.store.createDigest(null, new Date(clock));
    app.outbox.nudge();
    const mail = await waitFor(() => sink.messages.find((m) => /^X-Lariox-Digest:/im.test(m.raw)), "the digest");
    sink.messages.length = 0;
    return linksIn(mail.raw);
  }

  it(`Release shows the enquiry and one button; its POST sends the sales mail and the receipt once (${backend.name})`, async () => {
    const { app, url } = await server(await backend.fresh());
    const links = await digestLinks(app);
    expect(links.Asha!.release).toMatch(/^\/review\/\d+\.released\.\d+\.[\w-]{43}$/);

    const page = await rawRequest(`${url}${links.Asha!.release}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.text).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(page.text).toContain("asha@example.com");
    expect(page.text.match(/<button/g)).toHaveLength(1);
    // The one form posts back to the link itself (in whichever order the attributes are written).
    const form = /<form ([^>]*)>/.exec(page.text)![1]!;
    expect(form.split(" ").sort()).toEqual([`action="${links.Asha!.release}"`, 'method="post"']);
    // Nothing is fetched from elsewhere, and no script runs.
    expect(page.text).not.toMatch(/<script|<link|<img|src=|https?:\/\//);
    expect(sink.messages).toHaveLength(0);

    // Pressed twice at once (a double click, two tabs): it acts once.
    const post = () =>
      rawRequest(`${url}${links.Asha!.release}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const posted = answers.find((a) => a.status === 200)!;
    expect(posted.text).toContain("<title>Released</title>");
    await waitFor(() => sink.messages.length === 2, "the sales mail and the receipt");
    const mails = await Promise.all(sink.messages.map((m) => simpleParser(m.raw)));
    expect(mails.map((m) => m.messageId!.replace(/-.*/, "")).sort()).toEqual(["<receipt", "<submission"]);

    // Again, and by the other link: nothing more is sent, and the page says what was done.
    const again = await rawRequest(`${url}${links.Asha!.release}`, { method: "POST", body: "" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("<title>Already released</title>");
    const other = await rawRequest(`${url}${links.Asha!.spam}`);
    expect(other.status).toBe(200);
    expect(other.text).toContain("<title>Already released</title>");
    expect(other.text).not.toContain("<button");
    await app.outbox.idle();
    expect(sink.messages).toHaveLength(2);
    expect((await app.store.get(Number(/\/(\d+)\./.exec(links.Asha!.release)![1])))!.review?.action).toBe("released");
  });

  it(`Spam keeps it held and out of the sales mailbox, until the purge removes it (${backend.name})`, async () => {
    const { app, url } = await server(await backend.fresh());
    const links = await digestLinks(app);
    const id = Number(/\/(\d+)\./.exec(links.Bilal!.spam)![1]);
    const page = await rawRequest(`${url}${links.Bilal!.spam}`);
    expect(page.text).toContain("Mark as spam</button>");
    const posted = await rawRequest(`${url}${links.Bilal!.spam}`, { method: "POST", body: "" });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain("<title>Marked as spam</title>");
    const release = await rawRequest(`${url}${links.Bilal!.release}`, { method: "POST", body: "" });
    expect(release.status).toBe(409);
    expect(release.text).toContain("<title>Already marked as spam</title>");
    await app.outbox.idle();
    expect(sink.messages).toHaveLength(0);
    const row = (await app.store.get(id))!;
    expect([row.status, row.review?.action]).toEqual(["quarantined", "spam"]);

    // Asha, held and not reviewed, stays for the quarantine's 30 days; confirmed spam goes sooner.
    expect((await app.store.purge(new Date(clock + (CONFIRMED_SPAM_DAYS - 1) * DAY_MS), 365)).quarantined).toBe(0);
    expect((await app.store.purge(new Date(clock + (CONFIRMED_SPAM_DAYS + 1) * DAY_MS), 365)).quarantined).toBe(1);
    expect(await app.store.get(id)).toBeUndefined();
    expect((await app.store.list({ status: "quarantined" })).map((r) => r.payload.name)).toEqual(["Asha"]);
  });

  it(`refuses changed, foreign, expired and incomplete links with a 4xx page, and acts on none (${backend.name})`, async () => {
    const { app, url } = await server(await backend.fresh());
    const links = await digestLinks(app);
    const release = links.Asha!.release;
    const [, id, , expires, signature] = /^\/review\/(\d+)\.(\w+)\.(\d+)\.([\w-]+)$/.exec(release)!;
    const foreign = reviewPath(reviewKey("another-site-secret-of-thirty-two-chars"), Number(id), "released", new Date(clock));
    const cases: Array<[string, number, string]> = [
      [`/review/${id}.spam.${expires}.${signature}`, 403, "This link is not valid"],
      [`/review/${Number(id) + 1}.released.${expires}.${signature}`, 403, "This link is not valid"],
      [`/review/${id}.released.${Number(expires) + DAY_MS}.${signature}`, 403, "This link is not valid"],
      [foreign, 403, "This link is not valid"],
      [release.slice(0, -5), 400, "This link is not complete"],
      ["/review/%3Cscript%3E", 400, "This link is not complete"],
    ];
    for (const [path, status, title] of cases) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawRequest(`${url}${path}`, { method, ...(method === "POST" ? { body: "" } : {}) });
        expect([path, method, answer.status]).toEqual([path, method, status]);
        expect(answer.text).toContain(`<title>${title}</title>`);
        expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
      }
    }
    await app.store.erase("bilal@example.com");
    const erased = await rawRequest(`${url}${links.Bilal!.release}`);
    expect(erased.status).toBe(404);
    expect(erased.text).toContain("<title>This enquiry is no longer kept</title>");

    clock += REVIEW_LINK_DAYS * DAY_MS;
    const expired = await rawRequest(`${url}${release}`, { method: "POST", body: "" });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("<title>This link has expired</title>");
    await app.outbox.idle();
    expect(sink.messages).toHaveLength(0);
    expect((await app.store.list({ status: "quarantined" })).map((r) => r.review)).toEqual([null]);
  });
});
