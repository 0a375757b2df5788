/**
 * A throwaway PostgreSQL server for tests and benchmarks, from the machine's own binaries (Debian's
 * `postgresql` package): `initdb` into a temp dir, `pg_ctl start` on a free loopback port with its
 * socket in that dir, one fresh database per caller, and stop + delete at the end. As root, initdb
 * refuses to run, so the commands run as the `postgres` OS user.
 *
 * Without the binaries: with CI=true, starting fails with a clear message (the PostgreSQL half of
 * the suite must run in CI); elsewhere `pgSkipReason` says why the PostgreSQL tests are skipped.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./helpers.ts";

/** The directory holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function pgBinDir(): string | undefined {
  const candidates: string[] = [];
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(root, v, "bin")));
  }
  return candidates.find((dir) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")));
}

const MISSING =
  "PostgreSQL server binaries (initdb, pg_ctl) were not found by `pg_config --bindir` or in /usr/lib/postgresql/*/bin; install Debian's `postgresql` package (apt-get install postgresql)";

/** Why the PostgreSQL tests are skipped here, or undefined when they run (always under CI=true). */
export const pgSkipReason: string | undefined = process.env.CI === "true" || pgBinDir() ? undefined : MISSING;

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/NAME */
  url(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and deletes its files. */
  stop(): void;
  /** Stops the server, keeping its files, so `start()` brings the same data back (outage tests). */
  pause(): void;
  start(): void;
}

export interface PgClusterOptions {
  /**
   * fsync and synchronous commit on, as in production (benchmarks). Tests leave them off: a test
   * never crashes the database server, only the application's processes.
   */
  durable?: boolean;
}

let made = 0;

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error(`${MISSING}.`);
  const dir = mkdtempSync(join(tmpdir(), "lariox-pg-"));
  const data = join(dir, "data");
  const isRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = isRoot ? (["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] as const) : ([join(bin, tool), args] as const);
    const result = spawnSync(command[0], command[1], { encoding: "utf8", cwd: dir, timeout: 60_000 });
    if (result.status !== 0) {
      const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
      throw new Error(`${tool} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}${log}`);
    }
  };
  try {
    if (isRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", ...(options.durable ? [] : ["--no-sync"])]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let port = 0;
  let running = false;
  const start = () => {
    if (running) return;
    const settings = ["-c listen_addresses=127.0.0.1", `-c port=${port}`, `-c unix_socket_directories=${dir}`, "-c max_connections=200"];
    if (!options.durable) settings.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off");
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "-o", settings.join(" "), "start"]);
    running = true;
  };
  const halt = () => {
    if (!running) return;
    running = false;
    run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  };
  // A free port can be taken by someone else before the server binds it: try a few.
  for (let attempt = 1; !running; attempt++) {
    port = await freePort();
    try {
      start();
    } catch (error) {
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  // If the test process ends without stop(), the server must not outlive it.
  const onExit = () => {
    try {
      halt();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once("exit", onExit);

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase() {
      const name = `t${process.pid}_${++made}`;
      const admin = new pg.Client({ connectionString: url("postgres") });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop() {
      process.removeListener("exit", onExit);
      onExit();
    },
    pause: halt,
    start,
  };
}
