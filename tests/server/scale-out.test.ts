// @vitest-environment node
/**
 * Two server processes sharing one database (PostgreSQL, or one SQLite file) and one SMTP peer, behind a real nginx
 * running the build's generated config with both as upstream servers, take a burst of 1,000
 * enquiries through nginx; one instance is SIGKILLed in the middle. Every acknowledged enquiry must
 * be stored, and every stored one delivered exactly once: the survivor sends what the killed one had
 * claimed once its lease is over, and no row is ever sent by both. After the kill nginx sends new
 * requests to the survivor (a refused connection is retried on the other server), so only those
 * the victim held when it died fail; when nginx tries the dead one again (after fail_timeout), the
 * post it finds refused there is passed on and kept too.
 *
 * The nginx config is generated for a minimal dist written here (no build needed: only /api/ is used).
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { NO_BUILT_SITE, BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";
import { startNginx } from "../integration/nginx.ts";
import type { NginxProcess } from "../integration/nginx.ts";
import { parseMail, postJson, scriptFields, startServer, startSmtpSink, tempDir, inLetters, validContact, waitFor } from "./helpers.ts";
import type { ServerProcess, SmtpSink } from "./helpers.ts";
import { forEachBackend } from "./backends.ts";

export interface BurstResult {
  /** Subjects of the enquiries answered 200 with success: true. */
  acknowledged: string[];
  /** Requests refused, cut off or never connected. */
  failed: number;
  /** When each failed request was started (Date.now()). */
  failedStarts: number[];
}

/**
 * Posts one contact enquiry with `subject` to `url` and counts its answer in `result`; the form's
 * hidden fields are asked of `fieldsFrom` (`url` unless set). True when it was acknowledged.
 */
async function postOne(result: BurstResult, url: string, subject: string, fieldsFrom = url): Promise<boolean> {
  const started = Date.now();
  try {
    const fields = await scriptFields(fieldsFrom, "contact");
    const r = await postJson(url, "/api/mail/send-contact", {
      ...validContact,
      ...fields,
      subject,
      message: `${validContact.message}\n(${inLetters(subject)})`,
    });
    if (r.status === 200 && r.json().success === true) {
      result.acknowledged.push(subject);
      return true;
    }
  } catch {
    // refused, cut off or never connected: counted below
  }
  result.failed++;
  result.failedStarts.push(started);
  return false;
}

/**
 * Posts `total` contact enquiries (subjects `${prefix}-n`), `concurrency` at a time, request n going
 * to urls[n % urls.length]; `onAnswer` is called after each acknowledged one (to act in the middle of the burst).
 */
export async function sendBurst(
  urls: readonly string[],
  total: number,
  concurrency: number,
  onAnswer: (acknowledged: number) => void = () => {},
  prefix = "scale",
): Promise<BurstResult> {
  const result: BurstResult = { acknowledged: [], failed: 0, failedStarts: [] };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next++;
        if (await postOne(result, urls[n % urls.length]!, `${prefix}-${n}`)) onAnswer(result.acknowledged.length);
      }
    }),
  );
  return result;
}

/**
 * Posts contact enquiries (subjects `late-n`) to `url` one at a time, a few a second, their hidden
 * fields asked of `fieldsFrom`, until `retried()` is true after an answer.
 */
async function postUntilRetried(url: string, fieldsFrom: string, retried: () => boolean): Promise<BurstResult> {
  const result: BurstResult = { acknowledged: [], failed: 0, failedStarts: [] };
  let n = 0;
  await waitFor(
    async () => (await postOne(result, url, `late-${n++}`, fieldsFrom), retried()),
    "nginx to try the killed instance again",
    60_000, // fail_timeout is 10 s; nginx's clock and a loaded machine add a few
    200,
  );
  return result;
}

/** Each instance's name, in its SMTP greeting. */
const SURVIVOR = "survivor";
const VICTIM = "victim";

forEachBackend((backend) => {
  const dir = tempDir("lariox-scale-");
  const children: ChildProcess[] = [];
  let smtp: SmtpSink | undefined;
  let nginx: NginxProcess | undefined;
  afterAll(async () => {
    await nginx?.stop();
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await smtp?.close();
    dir.remove();
  });

  it("two instances, one database: SIGKILL one mid-burst, every acknowledged enquiry is stored and delivered exactly once", { timeout: 180_000 }, async () => {
    const data = await backend.fresh();
    smtp = await startSmtpSink();
    // What nginx serves besides the API: enough for the generator (the pages, the 404 page, the built site's server.json).
    const dist = join(dir.path, "dist");
    mkdirSync(join(dist, ".site"), { recursive: true });
    for (const page of ["index.html", "404.html"]) writeFileSync(join(dist, page), `<!doctype html><title>${page}</title>`);
    writeFileSync(join(dist, BUILT_SITE_FILE), JSON.stringify(NO_BUILT_SITE));
    // PostgreSQL: one DATABASE_URL, a DATA_DIR each; SQLite: the one DATA_DIR of the store.
    // Each instance greets the SMTP peer by its name (EHLO): the peer tells the victim's connections
    // from the survivor's, whose held messages it must still answer.
    const env = (name: string) => ({
      // One secret for every instance: a time token or challenge one signs, the other checks.
      FORM_SECRET: "scale-out-test-form-secret-0123456789abcdef",
      DATA_DIR: join(dir.path, name),
      ...data.env,
      DIST_DIR: dist,
      TRUST_PROXY: "1",
      SMTP_URL: `${smtp!.url}/?name=${name}`,
      RATE_LIMIT: "0",
      OUTBOX_POLL_MS: "100",
      OUTBOX_RETRY_BASE_MS: "50",
      OUTBOX_CONCURRENCY: "8",
      // Short, so the survivor takes over the killed one's claims within the test; still well
      // above one delivery (claim, send, record: about 0.1 s here, seconds on a starved machine),
      // or a slow delivery would be claimed again by the other instance.
      OUTBOX_LEASE_MS: "10000",
      MAIL_SEND_TIMEOUT_MS: "4000",
    });
    const [survivor, victim] = await Promise.all([startServer(env(SURVIVOR)), startServer(env(VICTIM))]);
    children.push(survivor.child, victim.child);
    // The build's nginx config with both instances as its upstream servers.
    const upstreams = [survivor.url, victim.url].map((u) => new URL(u).host);
    nginx = await startNginx(dir.path, dist, upstreams);
    const store = await data.open();
    try {
      await burstAndKill([nginx.url], survivor, victim, store);
    } finally {
      await store.close();
    }
  });

  /** Contact posts nginx found refused by `server` (it could not connect) and passed on, from its error log. */
  const refusedPosts = (server: ServerProcess) => {
    const upstream = `upstream: "${server.url}/api/mail/send-contact"`;
    return nginx!
      .errorLog()
      .split("\n")
      .filter((line) => line.includes("Connection refused") && line.includes(upstream)).length;
  };

  /** The burst to `urls`, the kill of `victim` mid-way, and the checks, from the database and the SMTP peer. */
  async function burstAndKill(urls: readonly string[], survivor: ServerProcess, victim: ServerProcess, store: EnquiryStore): Promise<void> {
    // X-Lariox-Submission: "contact <id>", one per delivered enquiry (each message parsed once).
    // The instances' own mail is not one and is counted apart: each looks every minute whether the
    // weekly summary is due (Mondays from 9:00 in the site's time zone), so a run past a minute
    // on such a day gets one.
    const ids: number[] = [];
    let read = 0;
    let otherMail = 0;
    const deliveredIds = () => {
      for (const m of smtp!.messages.slice(read)) {
        read++;
        const id = /^contact (\d+)$/.exec(parseMail(m.raw).headers.get("x-lariox-submission") ?? "")?.[1];
        if (id) ids.push(Number(id));
        else otherMail++;
      }
      return ids;
    };

    let killing: Promise<void> | undefined;
    let killedAt = Infinity;
    const killMidway = () => {
      // A sender killed between the peer's "250 accepted" and recording the message as sent would
      // send it twice whatever the design (at-least-once), so the peer holds its answers around
      // the kill, and the kill waits until every message it accepted is recorded as sent. What
      // the victim was sending then is dropped unanswered, for the survivor to send after the lease.
      killing = (async () => {
        smtp!.pause();
        await waitFor(
          async () => {
            const sent = new Set((await store.list({ status: "sent" })).map((r) => r.id));
            return deliveredIds().every((id) => sent.has(id));
          },
          "every accepted message to be recorded as sent",
          30_000,
        );
        victim.child.kill("SIGKILL");
        await victim.exited;
        killedAt = Date.now();
        // The kernel closed the victim's sockets as it died; once the peer has seen each close, it
        // drops what the victim was sending instead of answering it.
        await waitFor(() => smtp!.openConnections(VICTIM) === 0, "the SMTP peer to see the victim's connections close");
        smtp!.resume();
      })();
    };
    let acknowledgedAfterKill = 0;
    const burst = await sendBurst(urls, 1000, 20, (n) => {
      if (n === 400) killMidway();
      if (Date.now() > killedAt) acknowledgedAfterKill++;
    });
    await killing;
    expect(victim.child.signalCode).toBe("SIGKILL");
    // nginx left the victim out for fail_timeout (10 s, in whole seconds) after the first request
    // the kill cut off or refused; then it gives it a request again, is refused before sending
    // anything, and passes the request to the survivor. Posts go through nginx one at a time (their
    // hidden fields asked of the survivor directly, so no other request takes that try) until one
    // of them was refused by the victim and passed on: its answer says whether it was kept.
    const refusedBefore = refusedPosts(victim);
    const late = await postUntilRetried(urls[0]!, survivor.url, () => refusedPosts(victim) > refusedBefore);

    const rows = await store.list();
    const stored = new Set(rows.map((r) => String(r.payload.subject)));
    expect([...burst.acknowledged, ...late.acknowledged].filter((s) => !stored.has(s))).toEqual([]);

    await waitFor(() => new Set(deliveredIds()).size >= rows.length, "every stored enquiry to be delivered", 60_000);
    survivor.child.kill("SIGTERM");
    expect(await survivor.exited).toBe(0);

    const delivered = deliveredIds();
    const unique = new Set(delivered);
    const after = await store.list();
    const figures = {
      sent: 1000,
      acknowledged: burst.acknowledged.length,
      failedRequests: burst.failed,
      // sent once the victim was dead: nginx passes them to the survivor
      acknowledgedAfterKill,
      failedAfterKill: burst.failedStarts.filter((t) => t > killedAt).length,
      // posted one at a time until nginx tried the dead victim again (10 s after the kill)
      lateSent: late.acknowledged.length + late.failed,
      lateAcknowledged: late.acknowledged.length,
      // posts nginx found refused by the dead victim and passed on to the survivor
      refusedAndRetried: refusedPosts(victim),
      stored: rows.length,
      delivered: delivered.length,
      duplicates: delivered.length - unique.size,
      otherMail,
      // the victim's claims taken over after the lease (and any send that timed out and was retried)
      claimedAgain: after.filter((r) => r.deliveries[0]!.attempts > 1).length,
    };
    console.log(`scale-out figures (${backend.name}): ${JSON.stringify(figures)}`);
    expect(figures.duplicates).toBe(0);
    expect([...unique].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    expect(after.every((r) => r.status === "sent")).toBe(true);
    // the kill came mid-burst, and nginx sent what came after it to the survivor
    expect(figures.acknowledged).toBeGreaterThan(400);
    expect(figures.acknowledgedAfterKill).toBeGreaterThan(0);
    expect(figures.failedAfterKill).toBe(0);
    // Every late post is answered, whether nginx still left the victim out or (the last one) tried
    // it, found it refused and passed the post on; all are stored (above) and delivered (below).
    expect(late.failed).toBe(0);
    expect(figures.lateAcknowledged).toBe(figures.lateSent);
    // the survivor sent what the victim had claimed, once the lease was over
    expect(figures.claimedAgain).toBeGreaterThan(0);
  }
});
