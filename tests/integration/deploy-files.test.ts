// @vitest-environment node
/**
 * The deployment files in deploy/ (docs/deploy.md) as the tools that run them read them:
 * `systemd-analyze verify` and `systemd-analyze security --offline` for the units, `caddy validate`
 * and `caddy adapt` for the Caddyfile. Needs systemd and caddy (scripts/test.sh installs caddy).
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, tempDir, waitFor } from "../server/helpers.ts";

const DEPLOY = fileURLToPath(new URL("../../deploy/", import.meta.url));
const UNITS = ["lariox.service", "lariox-backup.service", "lariox-backup.timer"];
const dir = tempDir("lariox-deploy-files-");
afterAll(() => dir.remove());

function tool(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: dir.path, env, encoding: "utf8" });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}): apt-get install ${command === "caddy" ? "caddy" : "systemd"}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The units as installed, with node wherever this machine has it (the units name /usr/bin/node). */
function copyUnits(edit: (name: string, text: string) => string = (_, text) => text): string[] {
  return UNITS.map((name) => {
    writeFileSync(join(dir.path, name), edit(name, readFileSync(join(DEPLOY, name), "utf8").replaceAll("/usr/bin/node", process.execPath)));
    return join(dir.path, name);
  });
}

/** verify's findings about these units; lines about other units on the machine are not ours to judge. */
const findingsAboutUs = (output: string) => output.split("\n").filter((line) => /lariox/.test(line));

describe("systemd units", () => {
  const unit = readFileSync(join(DEPLOY, "lariox.service"), "utf8");

  it("pass systemd-analyze verify", () => {
    const result = tool("systemd-analyze", ["verify", ...copyUnits()]);
    expect(findingsAboutUs(result.output)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it("fail systemd-analyze verify with a misspelt setting or a missing program (the check above can fail)", () => {
    const result = tool("systemd-analyze", [
      "verify",
      ...copyUnits((name, text) =>
        name === "lariox.service" ? text.replace("ProtectSystem=", "ProtectSytem=").replace(process.execPath, "/nonexistent/node") : text,
      ),
    ]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("Unknown key 'ProtectSytem'");
    expect(result.output).toContain("/nonexistent/node is not executable");
  });

  it("prune old backups of both kinds: SQLite's .db and PostgreSQL's .dump, not the newer ones", () => {
    const unit = readFileSync(join(DEPLOY, "lariox-backup.service"), "utf8");
    const prune = /^ExecStartPost=(.*)$/m.exec(unit)![1]!.split(/\s+/);
    const backups = join(dir.path, "backups");
    mkdirSync(backups, { recursive: true });
    const old = new Date(Date.now() - 40 * 86_400_000);
    for (const name of ["site-old.db", "site-old.dump", "site-new.db", "site-new.dump"]) {
      writeFileSync(join(backups, name), "x");
      if (name.includes("old")) utimesSync(join(backups, name), old, old);
    }
    // As systemd runs it: no shell, the pattern passed to find as it is.
    const result = tool(
      prune[0]!,
      prune.slice(1).map((arg) => arg.replace("/var/lib/lariox-backup", backups)),
    );
    expect(result.status, result.output).toBe(0);
    expect(readdirSync(backups).sort()).toEqual(["site-new.db", "site-new.dump"]);
  });

  it("fail to start without their settings file (EnvironmentFile= without the dash that would make it optional)", () => {
    for (const name of ["lariox.service", "lariox-backup.service"]) {
      const lines = readFileSync(join(DEPLOY, name), "utf8").split("\n");
      expect([name, lines.filter((line) => line.startsWith("EnvironmentFile="))]).toEqual([name, ["EnvironmentFile=/etc/lariox/env"]]);
    }
  });

  it("run the server hardened: a user of its own, read-only system, private DATA_DIR, restarted always", () => {
    const [service, backup] = copyUnits();
    const security = tool("systemd-analyze", ["security", "--offline=yes", "--threshold=20", service!, backup!]);
    expect(security.status, security.output).toBe(0);
    const json = tool("systemd-analyze", ["security", "--offline=yes", "--json=short", service!]);
    const checks = new Map((JSON.parse(json.output) as Array<{ name: string; set: boolean }>).map((c) => [c.name, c.set]));
    for (const name of ["User=/DynamicUser=", "NoNewPrivileges=", "ProtectSystem=", "ProtectHome=", "PrivateTmp=", "PrivateDevices=", "UMask="]) {
      expect([name, checks.get(name)]).toEqual([name, true]);
    }
    for (const line of ["User=lariox", "ProtectSystem=strict", "UMask=0077", "Restart=always", "StateDirectory=lariox", "StateDirectoryMode=0700"]) {
      expect(unit.split("\n")).toContain(line);
    }
    expect(unit).toMatch(/^Environment=.*\bDATA_DIR=\/var\/lib\/lariox\b/m);
    expect(unit).toMatch(/^Environment=.*\bHOST=127\.0\.0\.1\b.*\bTRUST_PROXY=1\b/m);
  });
});

describe("Caddyfile", () => {
  // Caddy keeps its state under HOME/XDG folders: a temp one, not the tester's.
  const env = { ...process.env, HOME: dir.path, XDG_DATA_HOME: join(dir.path, "data"), XDG_CONFIG_HOME: join(dir.path, "config") };
  const caddyfile = join(DEPLOY, "Caddyfile");

  it("passes caddy validate, formatted, with automatic HTTPS redirecting http://", () => {
    const result = tool("caddy", ["validate", "--adapter", "caddyfile", "--config", caddyfile], env);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("Valid configuration");
    expect(result.output).toContain("enabling automatic HTTP->HTTPS redirects");
    expect(result.output).not.toContain("not formatted");
  });

  it("proxies the site's host to the port the unit's Node server listens on", () => {
    const result = tool("caddy", ["adapt", "--adapter", "caddyfile", "--config", caddyfile], env);
    expect(result.status, result.output).toBe(0);
    const json = result.output.slice(result.output.indexOf("{"));
    const port = /^Environment=.*\bPORT=(\d+)/m.exec(readFileSync(join(DEPLOY, "lariox.service"), "utf8"))![1];
    expect(json).toContain(`"dial":"127.0.0.1:${port}"`);
    expect(json).toContain('"handler":"reverse_proxy"');
    // A restart on a new release is waited out, not answered with 502.
    expect(json).toContain('"try_duration":10000000000');
    expect(json).toContain('"Location":["https://www.lariox.example.com{http.request.uri}"]');
  });

  it("writes its access log without review links' tokens or the sign-in's query", async () => {
    const node = createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
    await new Promise((resolve) => node.once("listening", resolve));
    const nodePort = (node.address() as { port: number }).port;
    const port = await freePort();
    // The deployed Caddyfile, on loopback over http, in front of a stand-in for the Node server.
    const local = readFileSync(caddyfile, "utf8")
      .replace("www.lariox.example.com {", `http://127.0.0.1:${port} {`)
      .replace("reverse_proxy 127.0.0.1:8080", `reverse_proxy 127.0.0.1:${nodePort}`);
    const config = join(dir.path, "Caddyfile.local");
    writeFileSync(config, `{\n\tadmin off\n\tauto_https off\n}\n\n${local}`);
    const caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", config], { cwd: dir.path, env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    caddy.stdout.on("data", (c: Buffer) => (log += c.toString()));
    caddy.stderr.on("data", (c: Buffer) => (log += c.toString()));
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.ok, "caddy to answer", 20_000);
      const secrets = ["review-token-s3cret", "github-code-s3cret", "state-s3cret"];
      await fetch(`http://127.0.0.1:${port}/review/${secrets[0]}`);
      await fetch(`http://127.0.0.1:${port}/api/auth/callback?code=${secrets[1]}&state=${secrets[2]}`);
      await waitFor(() => log.includes("/api/auth/callback?[redacted]"), "the callback's log line", 10_000);
      expect(log).toContain("/review/[redacted]");
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      caddy.kill();
      node.close();
    }
  });
});
