/**
 * Shared test parts: temp dirs, a configured app on a loopback port, the real server in its own
 * process, a real SMTP peer, MIME decoding.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import type { SMTPServerSession } from "smtp-server";
import { buildApp } from "../../src/server/http/app.ts";
import type { AppOptions } from "../../src/server/http/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { OutboxTimers } from "../../src/server/outbox/worker.ts";
import type { Config, Env } from "../../src/server/config.ts";

export function tempDir(prefix = "lariox-test-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Temp dirs made one by one (`make`), all removed by `removeAll` (a file's afterAll). */
export function tempDirs(prefix: string): { make: () => string; removeAll: () => void } {
  const made: Array<{ remove(): void }> = [];
  return {
    make: () => {
      const d = tempDir(prefix);
      made.push(d);
      return d.path;
    },
    removeAll: () => made.splice(0).forEach((d) => d.remove()),
  };
}

/** Checks `check` every `intervalMs` until it gives a value (not undefined or false) or `timeoutMs` is over. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Timers for the outbox worker (its `timers` option) that fire only when the test says: the test
 * reads the delay the worker asked for, then runs it, instead of sleeping through it.
 */
export function manualTimers(): { timers: OutboxTimers; next(what: string): Promise<number>; fire(): void } {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let last = 0;
  const only = () => {
    if (pending.size !== 1) throw new Error(`expected one timer set, found ${pending.size}`);
    return [...pending][0]!;
  };
  return {
    timers: {
      set: (run, ms) => (pending.set(++last, { run, ms }), last),
      clear: (handle) => void pending.delete(handle as number),
    },
    next: async (what) => (await waitFor(() => pending.size === 1, what), only()[1].ms),
    fire() {
      const [handle, { run }] = only();
      pending.delete(handle);
      run();
    },
  };
}

/** A port nothing listens on (a closed ephemeral port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  url: string;
  dataDir: string;
  distDir: string;
  close(): Promise<void>;
}

/** A clock that runs `speed` times faster than the real one, from now on. */
export function fastClock(speed: number): () => number {
  const start = Date.now();
  return () => start + (Date.now() - start) * speed;
}

/** Builds the app on 127.0.0.1:0 with a temp DATA_DIR, rate limit off and tiny retry delays. */
export async function startApp(
  env: Env = {},
  options: { startOutbox?: boolean; now?: () => number; timeouts?: AppOptions["timeouts"]; logger?: AppOptions["logger"] } = {},
): Promise<TestApp> {
  const dir = tempDir();
  const config = loadConfig({
    DATA_DIR: join(dir.path, "data"),
    DIST_DIR: join(dir.path, "dist"),
    HOST: "127.0.0.1",
    PORT: "0",
    RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "50",
    OUTBOX_RETRY_BASE_MS: "20",
    OUTBOX_LEASE_MS: "5000",
    MAIL_SEND_TIMEOUT_MS: "5000",
    ...TEST_SPAM_ENV,
    ...env,
  });
  const app = await buildApp({
    config,
    logger: options.logger ?? false,
    stopGraceMs: 500,
    ...(options.now ? { now: options.now } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  if (options.startOutbox ?? true) app.outbox.start();
  const { port } = app.server.address() as { port: number };
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    dataDir: config.dataDir,
    distDir: config.distDir,
    async close() {
      await app.close();
      dir.remove();
    },
  };
}

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/server/main.ts` in its own Node process (tsx as a loader, so one pid to kill) on
 * 127.0.0.1 and a free port, with the environment plus `env`.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "error", ...TEST_SPAM_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      return /Serving http:\/\/localhost:(\d+)/.exec(output)?.[1];
    },
    "the server to start",
    90_000, // tsx compiles the server at start: tens of seconds on a busy two-core machine
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): { success: boolean; message: string; errors?: Array<{ field: string; message: string }> };
}

/** A raw HTTP request (node:http): any body, any content type, no client-side checks. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; path?: string } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? "GET",
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      },
    );
    // The server may answer (413) and close before a large body is fully written: then the write
    // fails but the answer may still arrive, until the request is closed. Any other error, or a
    // close without an answer, rejects.
    let answered = false;
    let cutOff: Error | undefined;
    req.on("response", () => (answered = true));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") cutOff = error;
      else reject(error);
    });
    req.on("close", () => answered || reject(cutOff ?? new Error(`${options.method ?? "GET"} ${url}: closed without an answer`)));
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

/**
 * The two hidden fields the form's script adds before it posts: a time token and a solved ALTCHA
 * challenge, both asked of the server at `base` as the browser asks (tests run the server with
 * SPAM_MIN_SECONDS=0 and a tiny ALTCHA cost, see TEST_SPAM_ENV).
 */
export async function scriptFields(base: string, form: string): Promise<{ timeToken: string; altcha: string }> {
  const token = await rawRequest(`${base}/api/forms/time-token?form=${form}`);
  const challengeAnswer = await rawRequest(`${base}/api/altcha/challenge`);
  if (token.status !== 200 || challengeAnswer.status !== 200) throw new Error(`the spam routes answered ${token.status} and ${challengeAnswer.status}`);
  const challenge = JSON.parse(challengeAnswer.text) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return { timeToken: (JSON.parse(token.text) as { token: string }).token, altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
}

/**
 * A marker spelt without digits, to make each test post's message its own: the repeat check folds
 * digits to 0, so "post 1" and "post 2" are the same text to it.
 */
export function inLetters(text: string): string {
  return text.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
}

/** Quick spam checks for tests: no wait before a post, proofs of work of a few attempts. */
// The held posts' budget is off, as the rate limit is: tests post far more than a person; held-flood.test.ts sets it.
export const TEST_SPAM_ENV = { SPAM_MIN_SECONDS: "0", ALTCHA_COST: "1", ALTCHA_MAX_NUMBER: "4", HELD_PER_CLIENT_DAILY: "0", HELD_DAILY: "0" } as const;

const FORM_OF_PATH: Record<string, string> = { "/api/mail/send-contact": "contact", "/api/mail/send-quote": "quote" };

/**
 * POSTs JSON as the form's script does: a form's object body gets the script's hidden fields
 * (scriptFields) unless it has its own or `asScript` is false (a robot posting JSON by hand).
 */
export async function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  { asScript = true }: { asScript?: boolean } = {},
): Promise<HttpResult> {
  const form = FORM_OF_PATH[path];
  const plainObject = body !== null && typeof body === "object" && !Array.isArray(body);
  const withFields = asScript && form && plainObject && !("timeToken" in body) && !("altcha" in body) ? { ...(await scriptFields(base, form)), ...body } : body;
  return rawRequest(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof withFields === "string" ? withFields : JSON.stringify(withFields),
  });
}

export const validContact = {
  name: "Dhruv Patel",
  subject: "PLC upgrade for a packaging line",
  email: "dhruv.patel@example.com",
  phone: "+91 98765 43210",
  company: "Shree Textiles Pvt. Ltd.",
  message: "We run two Siemens S7-300 lines.\nCan you visit our plant in Sachin GIDC?",
  website: "",
};

export const validQuote = {
  name: "Zoë Ñúñez",
  email: "zoe.nunez@example.com",
  phone: "+34 600 000 000",
  company: "Gujarat Polymers Ltd.",
  project: "SCADA for effluent treatment plant",
  requirements: "3 pumps, 12 level sensors.\nRemote alarms by SMS.",
  website: "",
};

// ---------------------------------------------------------------- SMTP peer

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** RCPT TO commands seen (accepted or refused). */
  rcptAttempts: number;
  /**
   * Holds each message that arrives from now on: read, but neither answered nor recorded. A message
   * counts as delivered only once the peer answers 250 (as with a real mail server), so
   * `resume()` answers and records the held ones whose sender is still connected and drops the
   * rest.
   */
  pause(): void;
  /** Messages held since `pause()` whose sender is still connected. */
  held(): number;
  /**
   * Connections still open from the sender that greeted the peer as `client` (its EHLO name:
   * nodemailer's `name`, which an SMTP_URL sets as `?name=`). A sender's message always comes
   * after its greeting was answered, so once these are 0 for a dead sender, none of its messages
   * can still arrive or be answered.
   */
  openConnections(client: string): number;
  resume(): void;
  close(): Promise<void>;
}

/**
 * A real smtp-server on 127.0.0.1. `refuseRcpt(n)` returning true refuses the n-th RCPT TO
 * (1-based) with a 451 temporary error; returning a number refuses it with that code.
 */
export async function startSmtpSink(options: { port?: number; refuseRcpt?: (n: number) => boolean | number } = {}): Promise<SmtpSink> {
  let paused = false;
  const held: Array<{ session: string; accept: () => void }> = [];
  const closed = new Set<string>();
  const open = new Map<string, SMTPServerSession>();
  const sink: SmtpSink = {
    port: 0,
    url: "",
    messages: [],
    rcptAttempts: 0,
    pause: () => void (paused = true),
    held: () => held.filter((message) => !closed.has(message.session)).length,
    openConnections: (client) => [...open.values()].filter((session) => session.hostNameAppearsAs === client.toLowerCase()).length,
    resume() {
      paused = false;
      for (const message of held.splice(0)) if (!closed.has(message.session)) message.accept();
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onConnect(session, callback) {
      open.set(session.id, session);
      callback();
    },
    onRcptTo(_address, _session, callback) {
      sink.rcptAttempts += 1;
      const refuse = options.refuseRcpt?.(sink.rcptAttempts);
      if (refuse) {
        const code = refuse === true ? 451 : refuse;
        const error = Object.assign(new Error(code >= 500 ? "No such mailbox here" : "Mailbox busy, try again later"), { responseCode: code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const accept = () => {
          sink.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        if (paused) held.push({ session: session.id, accept });
        else accept();
      });
    },
    onClose(session) {
      closed.add(session.id);
      open.delete(session.id);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // A sender killed mid-message (the scale-out and crash tests do it) resets its connection: not the peer's error.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  sink.port = (server.server.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

// ---------------------------------------------------------------- MIME decoding (just enough)

export interface ParsedMail {
  /** Header block as sent, unfolded, with encoded words left alone. */
  rawHeaders: string[];
  /** Decoded header values by lower-case name (the first occurrence). */
  headers: Map<string, string>;
  /** Decoded text body (the text part of a multipart mail). */
  text: string;
  /** The HTML part of a multipart mail. */
  html?: string | undefined;
}

function decodeQ(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === "_" && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words; adjacent words are joined before UTF-8 decoding. */
export function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = "";
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.concat(pending).toString("utf8");
    pending = [];
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (!(pending.length > 0 && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    pending.push(m[2]!.toUpperCase() === "B" ? Buffer.from(m[3]!, "base64") : decodeQ(m[3]!, true));
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}

export function parseMail(raw: string): ParsedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const rawHeaders = head.split("\r\n");
  const headers = new Map<string, string>();
  for (const line of rawHeaders) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  // A mail with text and HTML parts: `text` is its text part, `html` its HTML part.
  const boundary = /^multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (boundary !== undefined) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => part.replace(/^\r\n/, ""));
    // Only the part asked for is decoded: tests poll many mails for their text, and rarely want the HTML.
    const of = (type: RegExp) => {
      const part = parts.find((p) => type.test(p.slice(0, p.indexOf("\r\n\r\n"))));
      return part === undefined ? undefined : parseMail(part).text;
    };
    const mail: ParsedMail = { rawHeaders, headers, text: of(/^content-type: *text\/plain/im) ?? "" };
    return Object.defineProperty(mail, "html", { get: () => of(/^content-type: *text\/html/im), enumerable: true });
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text: string;
  if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  else if (encoding === "quoted-printable") text = decodeQ(body.replace(/=\r\n/g, ""), false).toString("utf8");
  else text = body;
  return { rawHeaders, headers, text: text.replace(/\r\n/g, "\n") };
}

// ---------------------------------------------------------------- webhook peer

export interface HttpSink {
  url: string;
  /** Parsed JSON bodies of the POSTs received. */
  posts: unknown[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records JSON POSTs (an alert webhook's receiving end). */
export async function startHttpSink(): Promise<HttpSink> {
  const posts: unknown[] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, posts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
