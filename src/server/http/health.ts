/**
 * GET /healthz for uptime monitors, and alerts to ALERT_WEBHOOK_URL.
 *
 * Healthy means every enquiry is on its way: no delivery of any kind (sales mail, ...) has waited
 * longer than HEALTH_MAX_QUEUE_AGE_MIN, none has failed for good, and the store takes writes.
 * Otherwise /healthz answers 503, and the webhook hears once when a problem starts, again when more
 * deliveries fail, and once when it is over, however often it is checked.
 *
 * Anyone may read the status and the counts. The details (error texts, the SMTP host, file paths)
 * help an attacker as much as the operator, so they need `Authorization: Bearer <HEALTH_TOKEN>`.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { DeliveryError } from "../outbox/sender.ts";
import type { Outbox } from "../outbox/worker.ts";
import type { EnquiryStore, QueueStats } from "../store/index.ts";

interface ErrorReport {
  message: string;
  at: string;
}

type Problem = "stale" | "failed" | "storage";

/** A problem in words: `summary` with counts only, for anyone; `detail` adds errors and paths. */
interface Finding {
  summary: string;
  detail: string;
}

export interface HealthReport {
  ok: boolean;
  problems: Partial<Record<Problem, Finding>>;
  queued: number;
  oldestQueuedSeconds: number | null;
  failed: number;
  /** "files": mail is written to .eml files under DATA_DIR/mail, not sent (MAIL_DELIVERY=files). */
  mailDelivery: "smtp" | "files";
  /** Where mail goes (SMTP server or folder) and where the enquiries are kept. */
  mail: string;
  store: string;
  /** The last write the store refused, until one went through. */
  storeWriteFailure: ErrorReport | null;
  /** By delivery kind: waiting, failed for good, and the last error since start. */
  deliveries: Record<string, { queued: number; failed: number; lastError: ErrorReport | null }>;
  /** The sales mail's last error (kept under its old name for monitors that read it). */
  lastSmtpError: ErrorReport | null;
}

/** What /healthz shows without the token. */
export type PublicHealth = Pick<HealthReport, "ok" | "queued" | "oldestQueuedSeconds" | "failed" | "mailDelivery"> & {
  problems: Partial<Record<Problem, string>>;
};

/**
 * A refused write keeps the store unhealthy until a write goes through, or this long passes with
 * no other refusal: longer than the outbox's longest pause between tries (a minute), so an outage
 * it keeps running into stays one incident.
 */
export const WRITE_FAILURE_HOLD_MS = 120_000;

export interface HealthSettings {
  maxQueueAgeMs: number;
  mailDelivery: "smtp" | "files";
  /** Where mail goes: the SMTP server's scheme, host and port, or the .eml folder. */
  mail: string;
  now?: () => number;
}

const errorReport = (e: { message: string; at: Date } | undefined): ErrorReport | null => (e ? { message: e.message, at: e.at.toISOString() } : null);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function storageFinding(store: EnquiryStore, readError: string | undefined): Finding | undefined {
  const lost = store.lost;
  if (lost) return { summary: "the enquiry store is gone: new enquiries are refused until a restart", detail: `${lost}: new enquiries are refused` };
  if (readError !== undefined) return { summary: "the enquiry store cannot be read", detail: `the enquiry store cannot be read: ${readError}` };
  const failure = store.lastWriteFailure;
  // Real time: how long a disk has been full is not the test clock's business.
  if (failure && Date.now() - failure.at.getTime() < WRITE_FAILURE_HOLD_MS) {
    const summary = `the enquiry store refused a write at ${failure.at.toISOString()}: new enquiries are answered 503`;
    return { summary, detail: `${summary} (${failure.message})` };
  }
  return undefined;
}

export async function healthReport(store: EnquiryStore, lastErrors: ReadonlyMap<string, DeliveryError>, settings: HealthSettings): Promise<HealthReport> {
  const now = settings.now?.() ?? Date.now();
  const problems: HealthReport["problems"] = {};
  let stats: QueueStats = { queued: 0, oldestQueuedAt: undefined, failed: 0, byKind: {} };
  let readError: string | undefined;
  try {
    stats = await store.queueStats();
  } catch (error) {
    readError = (error as Error).message;
  }
  const storage = storageFinding(store, readError);
  if (storage) problems.storage = storage;
  const kinds = Object.entries(stats.byKind);
  const stale = kinds.flatMap(([kind, k]) => {
    const waited = k.oldestQueuedAt ? now - k.oldestQueuedAt.getTime() : 0;
    if (waited <= settings.maxQueueAgeMs) return [];
    const summary = `${plural(k.queued, `${kind} delivery`, `${kind} deliveries`)} waiting, the oldest for ${Math.round(waited / 60_000)} min`;
    const error = lastErrors.get(kind);
    return [{ summary, detail: error ? `${summary} (last error: ${error.message})` : summary }];
  });
  if (stale.length > 0) problems.stale = { summary: stale.map((s) => s.summary).join("; "), detail: stale.map((s) => s.detail).join("; ") };
  if (stats.failed > 0) {
    const which = kinds.filter(([, k]) => k.failed > 0).map(([kind, k]) => `${k.failed} ${kind}`);
    const summary = `${plural(stats.failed, "delivery", "deliveries")} failed (${which.join(", ")})`;
    problems.failed = { summary, detail: `${summary}; see npm run submissions -- --status failed, then --requeue failed` };
  }
  const oldestMs = stats.oldestQueuedAt ? now - stats.oldestQueuedAt.getTime() : undefined;
  return {
    ok: Object.keys(problems).length === 0,
    problems,
    queued: stats.queued,
    oldestQueuedSeconds: oldestMs === undefined ? null : Math.round(oldestMs / 1000),
    failed: stats.failed,
    mailDelivery: settings.mailDelivery,
    mail: settings.mail,
    store: store.location,
    storeWriteFailure: errorReport(store.lastWriteFailure),
    deliveries: Object.fromEntries(kinds.map(([kind, k]) => [kind, { queued: k.queued, failed: k.failed, lastError: errorReport(lastErrors.get(kind)) }])),
    lastSmtpError: errorReport(lastErrors.get("sales-mail")),
  };
}

const words = (problems: HealthReport["problems"], which: keyof Finding) =>
  Object.fromEntries(Object.entries(problems).map(([problem, finding]) => [problem, finding[which]]));

/** The report as the caller may see it: all of it with the token, status and counts without. */
export function reportFor(
  report: HealthReport,
  withDetails: boolean,
): PublicHealth | (Omit<HealthReport, "problems"> & { problems: Partial<Record<Problem, string>> }) {
  if (withDetails) return { ...report, problems: words(report.problems, "detail") };
  const { ok, queued, oldestQueuedSeconds, failed, mailDelivery } = report;
  return { ok, problems: words(report.problems, "summary"), queued, oldestQueuedSeconds, failed, mailDelivery };
}

export interface AlertLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Posts `{text}` (what Slack, Mattermost, Teams and Discord-compatible hooks accept) when problems start and end. */
export class Alerts {
  /** The problems reported, each with the failed count it was last reported with. */
  private open = new Map<Problem, number>();
  private readonly url: string | undefined;
  private readonly log: AlertLogger;
  private readonly site: string;
  private pending: Promise<void> = Promise.resolve();

  constructor(url: string | undefined, log: AlertLogger, site = "Lariox website") {
    this.url = url;
    this.log = log;
    this.site = site;
  }

  /** Compares the report with the problems already reported and posts what started, grew or ended. */
  update(report: HealthReport): Promise<void> {
    const failedBefore = this.open.get("failed") ?? 0;
    for (const [problem, finding] of Object.entries(report.problems) as Array<[Problem, Finding]>) {
      if (!this.open.has(problem)) {
        this.log.error({ problem }, `health: ${finding.detail}`);
        this.post(`${this.site}: ${finding.detail}`);
      } else if (problem === "failed" && report.failed > failedBefore) {
        this.log.error({ problem }, `health: now ${finding.detail}`);
        this.post(`${this.site}: now ${finding.detail}`);
      }
    }
    for (const problem of this.open.keys()) {
      if (problem in report.problems) continue;
      // Deliveries that stopped waiting because they failed are not moving: the failed alert says what happened.
      if (problem === "stale" && report.failed > failedBefore) continue;
      this.post(`${this.site}: resolved: ${this.resolution(problem, report)}`);
    }
    this.open = new Map(Object.keys(report.problems).map((problem) => [problem as Problem, report.failed]));
    return this.pending;
  }

  private resolution(problem: Problem, report: HealthReport): string {
    if (problem === "failed") return "no failed deliveries remain";
    if (problem === "stale") return "the delivery queue is moving again";
    // A write failure still on record has only aged out: nothing has been written since.
    return report.storeWriteFailure
      ? `no write to the enquiry store has failed for ${WRITE_FAILURE_HOLD_MS / 60_000} min (none has gone through either)`
      : "the enquiry store takes writes again";
  }

  private post(text: string): void {
    if (!this.url) return;
    const url = this.url;
    // One after another, so "resolved" never overtakes the alert it resolves.
    this.pending = this.pending.then(async () => {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) this.log.warn({ status: response.status }, "alert webhook refused the alert");
      } catch (error) {
        this.log.warn({ err: error }, "alert webhook could not be reached");
      }
    });
  }
}

export interface HealthOptions extends HealthSettings {
  store: EnquiryStore;
  outbox: Outbox;
  alerts: Alerts;
  /** HEALTH_TOKEN: the bearer token that shows the details; unset = they are shown to no one. */
  token: string | undefined;
  /** How often the monitor looks, besides after each failure. */
  checkEveryMs?: number;
}

/**
 * Deliveries that fail together (the same outage's retry window ending) are reported with their
 * real count: a failure is looked at this long after it, once for all that come meanwhile.
 */
const FAILURES_SETTLE_MS = 1_000;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** true: the right token; false: none given; undefined: a wrong one (or none is set here). */
function tokenCheck(header: string | undefined, token: string | undefined): boolean | undefined {
  if (header === undefined) return false;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  // Hashed first: timingSafeEqual needs equal lengths, and the length must not leak either.
  return token !== undefined && given !== undefined && timingSafeEqual(digest(given), digest(token)) ? true : undefined;
}

export function registerHealth(app: FastifyInstance, options: HealthOptions): { check(): Promise<void>; checkSoon(): void } {
  const { store, outbox, alerts } = options;
  const report = () => healthReport(store, outbox.lastErrors, options);
  const check = async () => alerts.update(await report());
  let soon: NodeJS.Timeout | undefined;
  const checkSoon = () => {
    soon ??= setTimeout(() => {
      soon = undefined;
      void check();
    }, FAILURES_SETTLE_MS);
  };
  app.get("/healthz", async (request, reply) => {
    const withDetails = tokenCheck(request.headers.authorization, options.token);
    reply.header("cache-control", "no-store");
    if (withDetails === undefined) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="healthz"').send({ ok: false, message: "This token does not match HEALTH_TOKEN." });
    }
    const current = await report();
    void alerts.update(current);
    return reply.code(current.ok ? 200 : 503).send(reportFor(current, withDetails));
  });
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 60_000);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    clearTimeout(soon);
  });
  return { check, checkSoon };
}
