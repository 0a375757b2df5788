// @vitest-environment node
/**
 * No silent mail sink: the real server refuses to start in production while mail would reach no
 * one, writing mail to files takes MAIL_DELIVERY=files and says so in /healthz and the listing,
 * and the retention purge reaches the .eml files.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { postJson, rawRequest, startApp, startServer, tempDirs, validContact, waitFor } from "./helpers.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const { make: dir, removeAll } = tempDirs("lariox-mail-settings-");
afterAll(removeAll);
const REAL = { MAIL_TO: "sales@lariox.in", MAIL_FROM: '"Lariox website" <website@lariox.in>' };

/** The server started as the unit starts it (NODE_ENV=production), with `env`; its exit code and stderr. */
function startInProduction(env: Record<string, string>) {
  const data = dir();
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...{ NODE_ENV: "production", DATA_DIR: join(data, "data"), DIST_DIR: join(data, "dist"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
      ...{ SMTP_URL: "", MAIL_DELIVERY: "", MAIL_TO: "", MAIL_FROM: "", DATABASE_URL: "" },
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, lines: result.stderr.trim().split("\n") };
}

describe("mail settings in production", { timeout: 60_000 }, () => {
  it("refuses to start without SMTP_URL, or with a sample MAIL_TO or MAIL_FROM, in one line naming what to set", () => {
    expect(startInProduction({})).toEqual({
      status: 2,
      lines: [
        'Configuration error: NODE_ENV=production: mail would reach no one; set SMTP_URL (smtp://user:password@host:587), or MAIL_DELIVERY=files to keep mail as .eml files in DATA_DIR/mail; set MAIL_TO (now sales@example.com, a sample address); set MAIL_FROM (now "Lariox website" <website@example.com>, a sample address).',
      ],
    });
    expect(startInProduction({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: REAL.MAIL_FROM, MAIL_TO: "sales@lariox.example.com" })).toEqual({
      status: 2,
      lines: ["Configuration error: NODE_ENV=production: mail would reach no one; set MAIL_TO (now sales@lariox.example.com, a sample address)."],
    });
    expect(startInProduction({ ...REAL, MAIL_DELIVERY: "smtp" })).toEqual({
      status: 2,
      lines: [expect.stringMatching(/^Configuration error: NODE_ENV=production: mail would reach no one; set SMTP_URL \(.*\), or MAIL_DELIVERY=files .*\.$/)],
    });
  });

  it("writes mail to files only with MAIL_DELIVERY=files, and /healthz and the listing say so, not 'sent'", async () => {
    const data = join(dir(), "data");
    const server = await startServer({
      ...REAL,
      NODE_ENV: "production",
      MAIL_DELIVERY: "files",
      SMTP_URL: "",
      DATABASE_URL: "",
      DATA_DIR: data,
      DIST_DIR: join(dir(), "dist"),
    });
    try {
      expect((await postJson(server.url, "/api/mail/send-contact", validContact)).status).toBe(200);
      await waitFor(() => existsSync(join(data, "mail")) && readdirSync(join(data, "mail")).some((f) => f.endsWith(".eml")), "the .eml file");
      const health = await rawRequest(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toMatchObject({ ok: true, mailDelivery: "files" });
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "--data-dir", data, ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: "" },
        });
      await waitFor(async () => (await cli()).stdout.includes("1 submission (1 written to file)"), "the row recorded as written");
      const { stdout } = await cli();
      expect(stdout).toMatch(/ +written to file +1 *$/m);
      expect(stdout).not.toMatch(/\bsent\b/);
      const csv = (await cli("--csv")).stdout.split("\r\n")[1]!;
      expect(csv.split(",")).toContain("written to file");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});

describe("retention", () => {
  it("removes .eml files older than RETENTION_DAYS with the enquiries, and keeps newer ones", async () => {
    const data = join(dir(), "data");
    const mail = join(data, "mail");
    mkdirSync(mail, { recursive: true, mode: 0o700 });
    const old = join(mail, "2024-01-01T00-00-00-000Z-contact-1.eml");
    const recent = join(mail, "2026-01-01T00-00-00-000Z-contact-2.eml");
    for (const file of [old, recent]) writeFileSync(file, "Subject: x\r\n\r\nx\r\n", { mode: 0o600 });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    utimesSync(old, daysAgo(31), daysAgo(31));
    utimesSync(recent, daysAgo(29), daysAgo(29));
    // The purge runs as the server starts, then daily.
    const t = await startApp({ DATA_DIR: data, RETENTION_DAYS: "30" }, { startOutbox: false });
    try {
      await waitFor(() => !existsSync(old), "the old .eml file to go");
      expect(existsSync(recent)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
