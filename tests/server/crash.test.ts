// @vitest-environment node
/**
 * Crash safety with the real entry point: SIGKILL the server mid-load, restart it, and check that
 * every submission that was answered `success: true` is stored and then delivered; on each store.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { forEachBackend } from "./backends.ts";
import { freePort, parseMail, postJson, startServer, startSmtpSink, tempDir, inLetters, validContact, waitFor } from "./helpers.ts";
import type { SmtpSink } from "./helpers.ts";

forEachBackend((backend) => {
  const dir = tempDir("lariox-crash-");
  const children: ChildProcess[] = [];
  let smtp: SmtpSink | undefined;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await smtp?.close();
    dir.remove();
  });

  it("keeps every answered submission through a SIGKILL and delivers it after restart", { timeout: 150_000 }, async () => {
    const data = await backend.fresh();
    const env = {
      DATA_DIR: join(dir.path, "data"),
      ...data.env, // SQLite in its DATA_DIR or PostgreSQL, whatever the calling shell has set
      DIST_DIR: join(dir.path, "dist"),
      RATE_LIMIT: "0",
      OUTBOX_RETRY_BASE_MS: "2", // retries after 2, 6, 24, 120, 360, 720, 1440 ms ...
      OUTBOX_RETRY_MAX_MS: "1440", // ... then every 1.44 s, not the default 2 h, however long the first run took
      OUTBOX_MAX_ATTEMPTS: "100",
      OUTBOX_LEASE_MS: "300",
      OUTBOX_POLL_MS: "100",
    };
    const deadPort = await freePort();
    const t0 = Date.now();
    const mark = (what: string) => console.info(`${what}: ${Date.now() - t0} ms`);
    const first = await startServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    children.push(first.child);

    mark("started");
    // Load: 20 clients posting back to back; kill the server once 150 answers are in.
    const answered: string[] = [];
    let failedRequests = 0;
    let sent = 0;
    let killed = false;
    const client = async (n: number) => {
      while (!killed && sent < 2000) {
        const marker = `crash-${n}-${sent++}`;
        try {
          const r = await postJson(first.url, "/api/mail/send-contact", {
            ...validContact,
            subject: marker,
            message: `${validContact.message}\n(${inLetters(marker)})`,
          });
          if (r.status === 200 && r.json().success === true) answered.push(marker);
          else failedRequests++;
        } catch {
          failedRequests++;
        }
        if (answered.length >= 150 && !killed) {
          killed = true;
          first.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, n) => client(n)));
    expect(await first.exited).toBeNull(); // killed by the signal, not exited
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(answered.length).toBeGreaterThanOrEqual(150);

    mark("killed");
    // Restart with a working SMTP peer.
    smtp = await startSmtpSink();
    // (the test SMTP peer waits 100 ms before its greeting, so send many at once)
    const second = await startServer({ ...env, SMTP_URL: smtp.url, OUTBOX_CONCURRENCY: "32" });
    children.push(second.child);

    mark("restarted");
    // Every answered submission is in the database ...
    const store = await data.open();
    try {
      const stored = new Set((await store.list()).map((s) => String(s.payload.subject)));
      expect(answered.filter((m) => !stored.has(m))).toEqual([]);
    } finally {
      await store.close();
    }

    // ... and is delivered (at least once) now that a peer is up.
    const delivered = () => new Set(smtp!.messages.map((m) => /^Subject: +(crash-\d+-\d+)$/m.exec(parseMail(m.raw).text)?.[1]));
    // The mails are read once a look, not once for each answered submission.
    await waitFor(
      () => {
        const got = delivered();
        return answered.every((m) => got.has(m));
      },
      "every answered submission to be delivered",
      20_000,
    );

    mark("delivered");
    // The server still answers after the restart, then shuts down cleanly on SIGTERM.
    expect((await postJson(second.url, "/api/mail/send-contact", validContact)).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    const after = await data.open();
    try {
      const rows = await after.list();
      const answeredRows = rows.filter((r) => answered.includes(String(r.payload.subject)));
      expect(answeredRows.every((r) => r.status === "sent")).toBe(true);
    } finally {
      await after.close();
    }
    // for the report when run with --reporter=verbose
    console.info(`crash test (${backend.name}): ${answered.length} answered before SIGKILL, ${failedRequests} requests cut off`);
  });
});
