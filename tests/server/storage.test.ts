// @vitest-environment node
/**
 * The enquiry store under real trouble: a full disk (a small tmpfs), its file deleted or replaced
 * under the running server, a data folder the server's user cannot write, a honeypot flood, and
 * an online backup taken during a burst; for PostgreSQL, the database server stopped under the
 * running app, unreachable at start-up, and a pg_dump backup during a burst.
 */
import { execFile, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import { Outbox } from "../../src/server/outbox/worker.ts";
import { EnquiryStore } from "../../src/server/store/index.ts";
import {
  freePort,
  manualTimers,
  postJson,
  rawRequest,
  startApp,
  startHttpSink,
  startSmtpSink,
  tempDir,
  tempDirs,
  validContact,
  validQuote,
  waitFor,
} from "./helpers.ts";
import { pgBinDir, pgSkipReason, startPgCluster } from "./postgres.ts";
import type { PgCluster } from "./postgres.ts";

const CONTACT = "/api/mail/send-contact";
const TOKEN = "health-token-for-tests";

/** Four clients posting contact forms until stopped; `acknowledged` lists the subjects answered 200. */
function startBurst(url: string): { acknowledged: string[]; stop(): Promise<void> } {
  const acknowledged: string[] = [];
  let stopped = false;
  const done = Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; !stopped; i++) {
        const subject = `w${worker}-${i}`;
        const r = await postJson(url, CONTACT, { ...validContact, subject });
        if (r.status === 200) acknowledged.push(subject);
      }
    }),
  );
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** Mounts a tmpfs of `size` at `dir` (root only); undefined when this machine does not allow it. */
function mountTmpfs(dir: string, size: string): (() => void) | undefined {
  if (!isRoot) return undefined;
  mkdirSync(dir, { recursive: true });
  if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status !== 0) return undefined;
  return () => void spawnSync("umount", ["-l", dir]);
}

/** Fills the disk at `mount` to the last block (files filler-N); returns how to give the space back. */
function fillDisk(mount: string): () => void {
  const files: string[] = [];
  for (const size of [64 * 1024, 512]) {
    try {
      for (;;) {
        const file = join(mount, `filler-${files.length}`);
        writeFileSync(file, Buffer.alloc(size));
        files.push(file);
      }
    } catch {
      // ENOSPC: full at this size; the smaller files take what is left
    }
  }
  return () => files.forEach((f) => rmSync(f, { force: true }));
}

const canMount = (() => {
  const probe = tempDir("lariox-mount-probe-");
  const unmount = mountTmpfs(join(probe.path, "m"), "64k");
  unmount?.();
  probe.remove();
  return unmount !== undefined;
})();

describe("enquiry store", () => {
  const { make: dir, removeAll } = tempDirs("lariox-storage-");
  afterAll(removeAll);

  it("grows by less than 1 MB for 1,000 honeypot posts", async () => {
    const t = await startApp({}, { startOutbox: false });
    try {
      const size = () => readdirSync(t.dataDir).reduce((sum, f) => sum + statSync(join(t.dataDir, f)).size, 0);
      const before = size();
      const junk = "x".repeat(30_000);
      for (let i = 0; i < 1000; i++) {
        const r = await postJson(t.url, CONTACT, { ...validContact, message: junk, website: `http://spam.example/${i}` });
        expect(r.status).toBe(200);
      }
      const db = new Database(join(t.dataDir, "site.db"));
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
      expect(size() - before).toBeLessThan(1024 * 1024);
      expect(await t.app.store.spamCounts()).toEqual([{ day: expect.any(String), kind: "contact", hits: 1000 }]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it.skipIf(!canMount)(
    "answers 503 with Retry-After on a full disk, /healthz turns 503 at once with one alert, loses no acknowledged enquiry, and recovers when space returns",
    async () => {
      const mount = join(dir(), "disk");
      const unmount = mountTmpfs(mount, "2m")!;
      const hook = await startHttpSink();
      try {
        const t = await startApp({ DATA_DIR: join(mount, "data"), ALERT_WEBHOOK_URL: hook.url }, { startOutbox: false });
        const acknowledged: string[] = [];
        const send = async (subject: string) => {
          const r = await postJson(t.url, CONTACT, { ...validContact, subject, message: "m".repeat(2000) });
          if (r.status === 200) acknowledged.push(subject);
          return r;
        };
        try {
          for (let i = 0; i < 5; i++) expect((await send(`before ${i}`)).status).toBe(200);
          // fill what is left of the disk
          let filler = 0;
          try {
            for (;;) writeFileSync(join(mount, `filler-${filler++}`), Buffer.alloc(64 * 1024));
          } catch {
            // ENOSPC: the disk is full
          }
          let refused;
          for (let i = 0; i < 50 && !refused; i++) {
            const r = await send(`full ${i}`);
            if (r.status !== 200) refused = r;
          }
          expect(refused).toBeDefined();
          expect(refused!.status).toBe(503);
          expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
          expect(refused!.json()).toEqual({ success: false, message: expect.stringMatching(/could not save your enquiry/) });
          const health = await rawRequest(`${t.url}/healthz`);
          expect([health.status, JSON.parse(health.text).problems.storage]).toEqual([503, expect.stringMatching(/^the enquiry store refused a write at /)]);
          for (let i = 0; i < 3; i++) await send(`still full ${i}`);
          await rawRequest(`${t.url}/healthz`);
          // A check resolves once every alert posted so far has been answered: one, not one per refusal.
          await t.app.checkHealth();
          expect(hook.posts).toEqual([{ text: expect.stringMatching(/^Lariox website: the enquiry store refused a write at .*\(database or disk is full/) }]);
          for (let i = 0; i < filler; i++) rmSync(join(mount, `filler-${i}`), { force: true });
          await waitFor(async () => (await send(`after ${acknowledged.length}`)).status === 200, "a write once space returns");
          expect((await rawRequest(`${t.url}/healthz`)).status).toBe(200);
          await t.app.checkHealth();
          await waitFor(() => hook.posts.length === 2, "the all-clear");
          expect(hook.posts[1]).toEqual({ text: "Lariox website: resolved: the enquiry store takes writes again" });
        } finally {
          await t.close();
        }
        const reopened = await EnquiryStore.open({ dataDir: join(mount, "data"), databaseUrl: undefined });
        const stored = (await reopened.list()).map((s) => String(s.payload.subject));
        await reopened.close();
        expect(stored.sort()).toEqual([...acknowledged].sort());
      } finally {
        await hook.close();
        unmount();
      }
    },
    60_000,
  );

  it.skipIf(!canMount)(
    "backs off after a claim the full disk refuses (1 s, doubling), logging it once",
    async () => {
      const mount = join(dir(), "disk");
      const unmount = mountTmpfs(mount, "2m")!;
      const t = await startApp({ DATA_DIR: join(mount, "data") }, { startOutbox: false });
      const lines: string[] = [];
      const log = {
        info: (_: object, msg: string) => lines.push(msg),
        warn: (_: object, msg: string) => lines.push(msg),
        error: (_: object, msg: string) => lines.push(msg),
      };
      const claims = vi.spyOn(t.app.store, "claimDue");
      const clock = manualTimers();
      const outbox = new Outbox(
        t.app.store,
        { "sales-mail": { send: async () => "sent", isPermanent: () => false } },
        { ...t.config.outbox, log, timers: clock.timers },
      );
      try {
        expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
        const free = fillDisk(mount);
        outbox.start();
        // Each refused claim sets the next try 1 s, 2 s, 4 s later (not the 50 ms poll), one claim each.
        const delays: number[] = [];
        for (let i = 0; i < 3; i++) {
          delays.push(await clock.next("the next try"));
          clock.fire();
        }
        delays.push(await clock.next("the next try"));
        expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
        expect(claims).toHaveBeenCalledTimes(4);
        expect(lines).toEqual(["outbox: the store refuses the outbox's writes; trying again at growing intervals"]);
        free();
        clock.fire();
        await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "the delivery once space returns", 20_000);
        expect(lines).toContain("outbox: the store takes the outbox's writes again");
      } finally {
        await outbox.stop();
        await t.close();
        unmount();
      }
    },
    60_000,
  );

  it.skipIf(!canMount)(
    "does not send a mail again that went out while the full disk refused to record it",
    async () => {
      const mount = join(dir(), "disk");
      const unmount = mountTmpfs(mount, "2m")!;
      const smtp = await startSmtpSink();
      const t = await startApp({ DATA_DIR: join(mount, "data"), SMTP_URL: smtp.url, OUTBOX_LEASE_MS: "500" });
      try {
        smtp.pause();
        expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
        await waitFor(async () => ((await t.app.store.get(1))?.deliveries[0]?.attempts ?? 0) === 1, "the claim");
        await waitFor(() => smtp.held() === 1, "the message on the wire, held by the peer");
        const leaseEnd = (await t.app.store.get(1))!.deliveries[0]!.nextAttemptAt.getTime();
        const recordTries: number[] = [];
        const markSent = t.app.store.markSent.bind(t.app.store);
        vi.spyOn(t.app.store, "markSent").mockImplementation((...args) => (recordTries.push(Date.now()), markSent(...args)));
        const free = fillDisk(mount);
        expect((await postJson(t.url, CONTACT, { ...validContact, subject: "full" })).status).toBe(503);
        smtp.resume(); // the peer takes it: sent, but the store cannot say so
        await waitFor(() => smtp.messages.length === 1, "the message");
        // The worker tries to record it again once the lease is over, when the row is due again: not sent again.
        await waitFor(() => recordTries.some((at) => at > leaseEnd), "a try to record it past the lease", 20_000);
        free();
        await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "the delivery recorded once space returns", 20_000);
        await t.app.outbox.idle();
        expect(smtp.messages).toHaveLength(1);
        expect((await t.app.store.get(1))!.deliveries[0]!.outcome).toMatch(/^<submission-1\./);
      } finally {
        await t.close();
        await smtp.close();
        unmount();
      }
    },
    60_000,
  );

  it("refuses new enquiries with 503 once its file is deleted or replaced, and /healthz says why", async () => {
    for (const how of ["deleted", "replaced"] as const) {
      const t = await startApp({ HEALTH_TOKEN: TOKEN }, { startOutbox: false });
      try {
        expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
        const file = join(t.dataDir, "site.db");
        if (how === "deleted") for (const f of ["", "-wal", "-shm"]) rmSync(`${file}${f}`, { force: true });
        else {
          writeFileSync(`${file}.new`, "");
          renameSync(`${file}.new`, file);
        }
        const r = await postJson(t.url, CONTACT, validContact);
        expect([how, r.status, r.json().success]).toEqual([how, 503, false]);
        const health = await rawRequest(`${t.url}/healthz`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect([how, health.status]).toEqual([how, 503]);
        expect(JSON.parse(health.text).problems.storage).toMatch(new RegExp(`site\\.db was ${how} while the server ran`));
      } finally {
        await t.close();
      }
    }
  });

  it("keeps its folder 0700 and its database and .eml files 0600", async () => {
    const t = await startApp({}, { startOutbox: true });
    try {
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "the .eml file");
      const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
      const mail = join(t.dataDir, "mail");
      expect([mode(t.dataDir), mode(join(t.dataDir, "site.db")), mode(mail), ...readdirSync(mail).map((f) => mode(join(mail, f)))]).toEqual([
        "700",
        "600",
        "700",
        "600",
      ]);
      // A folder removed while the server runs is made again, as private, by the next mail.
      rmSync(mail, { recursive: true });
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(async () => (await t.app.store.get(2))?.status === "sent", "the second .eml file");
      expect([mode(mail), ...readdirSync(mail).map((f) => mode(join(mail, f)))]).toEqual(["700", "600"]);
    } finally {
      await t.close();
    }
  });

  it("stops start-up with one clear line when DATA_DIR cannot be written", async () => {
    const locked = join(dir(), "locked");
    mkdirSync(locked, { mode: 0o700 });
    // root writes anywhere, so the server runs as nobody; others cannot write a 0500 folder
    if (!isRoot) chmodSync(locked, 0o500);
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: join(locked, "data"),
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "silent",
        TSX_TSCONFIG_PATH: join(repoRoot, "tsconfig.json"),
      },
      encoding: "utf8",
      timeout: 30_000,
      ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^Storage error: DATA_DIR .*locked/data is not writable \\(EACCES\\): set DATA_DIR to a folder this user can write\\.$`),
      ),
    ]);
  });

  it("backs up online during a burst, and the restored copy holds every enquiry acknowledged before the backup began", async () => {
    const t = await startApp({}, { startOutbox: false });
    const { acknowledged, stop } = startBurst(t.url);
    try {
      await waitFor(() => acknowledged.length >= 100, "100 acknowledged enquiries");
      const before = [...acknowledged];
      const dest = join(dir(), "backup.db");
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", dest, "--data-dir", t.dataDir], { cwd: repoRoot });
      expect(stdout).toMatch(/^Backed up .* to .*backup\.db/);
      await stop();
      expect((statSync(dest).mode & 0o777).toString(8)).toBe("600");
      const restored = join(dir(), "restored");
      mkdirSync(restored);
      copyFileSync(dest, join(restored, "site.db"));
      const store = await EnquiryStore.open({ dataDir: restored, databaseUrl: undefined });
      const subjects = new Set((await store.list()).map((s) => String(s.payload.subject)));
      await store.close();
      expect(before.filter((s) => !subjects.has(s))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(before.length);
    } finally {
      await stop();
      await t.close();
    }
  }, 60_000);

  it("refuses to overwrite an existing backup", async () => {
    const t = await startApp({}, { startOutbox: false });
    try {
      expect((await postJson(t.url, "/api/mail/send-quote", validQuote)).status).toBe(200);
      const dest = join(dir(), "exists.db");
      writeFileSync(dest, "keep me");
      await expect(run(process.execPath, ["--import", "tsx", "scripts/backup.ts", dest, "--data-dir", t.dataDir], { cwd: repoRoot })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/exists already/),
      });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(pgSkipReason !== undefined)(`PostgreSQL store${pgSkipReason ? ` (skipped: ${pgSkipReason})` : ""}`, () => {
  let cluster: PgCluster;
  const { make: dir, removeAll } = tempDirs("lariox-pg-storage-");
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    removeAll();
  });
  const count = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ subject: string }>("SELECT payload->>'subject' AS subject FROM submissions")).rows.map((r) => r.subject);
    } finally {
      await client.end();
    }
  };

  it("answers 503 with Retry-After while the database server is down, loses no acknowledged enquiry, and takes them again once it is back", async () => {
    const url = await cluster.createDatabase();
    const t = await startApp({ DATABASE_URL: url }, { startOutbox: false });
    try {
      expect((await postJson(t.url, CONTACT, { ...validContact, subject: "before" })).status).toBe(200);
      cluster.pause();
      const refused = await postJson(t.url, CONTACT, { ...validContact, subject: "during" });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/could not save your enquiry/) });
      const health = await rawRequest(`${t.url}/healthz`);
      expect(health.status).toBe(503);
      expect(JSON.parse(health.text).problems.storage).toMatch(/cannot be read/);
      cluster.start();
      await waitFor(async () => (await postJson(t.url, CONTACT, { ...validContact, subject: "after" })).status === 200, "a write once the database is back");
      expect((await rawRequest(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      cluster.start();
      await t.close();
    }
    expect((await count(url)).sort()).toEqual(["after", "before"]);
  }, 60_000);

  it("stops start-up with one clear line when DATABASE_URL cannot be reached, without showing the password", async () => {
    const url = `postgres://site:s3cret-pw@127.0.0.1:${await freePort()}/enquiries`;
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: join(dir(), "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Storage error: PostgreSQL at postgres:\/\/site:\*\*\*@127\.0\.0\.1:\d+\/enquiries cannot be used: .*ECONNREFUSED/),
    ]);
    expect(result.stdout + result.stderr).not.toContain("s3cret");
  });

  it("backs up with pg_dump during a burst, and the restored copy holds every enquiry acknowledged before the backup began", async () => {
    const url = await cluster.createDatabase();
    const t = await startApp({ DATABASE_URL: url }, { startOutbox: false });
    const { acknowledged, stop } = startBurst(t.url);
    try {
      await waitFor(() => acknowledged.length >= 100, "100 acknowledged enquiries");
      const before = [...acknowledged];
      const folder = dir();
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", folder], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: url },
      });
      expect(stdout).toMatch(/^Backed up postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+ to .*site-[\dT-]+Z\.dump/);
      await stop();
      const [dump] = readdirSync(folder);
      expect((statSync(join(folder, dump!)).mode & 0o777).toString(8)).toBe("600");
      const restored = await cluster.createDatabase();
      await run(join(pgBinDir()!, "pg_restore"), ["--no-owner", `--dbname=${restored}`, join(folder, dump!)]);
      const subjects = new Set(await count(restored));
      expect(before.filter((s) => !subjects.has(s))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(before.length);
    } finally {
      await stop();
      await t.close();
    }
  }, 60_000);

  it("says how to back up by hand when pg_dump is not on PATH", async () => {
    const url = await cluster.createDatabase();
    const t = await startApp({ DATABASE_URL: url }, { startOutbox: false });
    await t.close();
    const dest = join(dir(), "x.dump");
    await expect(
      run(process.execPath, ["--import", "tsx", "scripts/backup.ts", dest], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url, PATH: dir() } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Backup failed: pg_dump is not on PATH\. Install .*postgresql-client.*pg_dump --format=custom/),
    });
  });
});
