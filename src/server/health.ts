/**
 * GET /healthz for uptime monitors, and alerts to ALERT_WEBHOOK_URL.
 *
 * Healthy means every enquiry is on its way: no delivery of any kind (sales mail, ...) has waited
 * longer than HEALTH_MAX_QUEUE_AGE_MIN, none has failed for good, and the store takes writes.
 * Otherwise /healthz answers 503, and the webhook hears once when a problem starts and once when it
 * is over, however often it is checked.
 */
import type { FastifyInstance } from "fastify";
import type { DeliveryError, Outbox } from "./outbox.ts";
import type { EnquiryStore, QueueStats } from "./store.ts";

interface ErrorReport {
  message: string;
  at: string;
}

export interface HealthReport {
  ok: boolean;
  /** What is wrong, in words, keyed by kind: "stale", "failed", "storage". */
  problems: Partial<Record<Problem, string>>;
  queued: number;
  oldestQueuedSeconds: number | null;
  failed: number;
  /** By delivery kind: waiting, failed for good, and the last error since start. */
  deliveries: Record<string, { queued: number; failed: number; lastError: ErrorReport | null }>;
  /** The sales mail's last error (kept under its old name for monitors that read it). */
  lastSmtpError: ErrorReport | null;
}

type Problem = "stale" | "failed" | "storage";

export interface HealthSettings {
  maxQueueAgeMs: number;
  now?: () => number;
}

const errorReport = (e: DeliveryError | undefined): ErrorReport | null => (e ? { message: e.message, at: e.at.toISOString() } : null);

export async function healthReport(store: EnquiryStore, lastErrors: ReadonlyMap<string, DeliveryError>, settings: HealthSettings): Promise<HealthReport> {
  const now = settings.now?.() ?? Date.now();
  const problems: HealthReport["problems"] = {};
  let stats: QueueStats = { queued: 0, oldestQueuedAt: undefined, failed: 0, byKind: {} };
  try {
    stats = await store.queueStats();
  } catch (error) {
    problems.storage = `the enquiry store cannot be read: ${(error as Error).message}`;
  }
  const lost = store.lost;
  if (lost) problems.storage = `${lost}: new enquiries are refused`;
  const kinds = Object.entries(stats.byKind);
  const stale = kinds.flatMap(([kind, k]) => {
    const waited = k.oldestQueuedAt ? now - k.oldestQueuedAt.getTime() : 0;
    if (waited <= settings.maxQueueAgeMs) return [];
    const error = lastErrors.get(kind);
    return [`an enquiry has waited ${Math.round(waited / 60_000)} min for its ${kind} delivery${error ? ` (last error: ${error.message})` : ""}`];
  });
  if (stale.length > 0) problems.stale = stale.join("; ");
  if (stats.failed > 0) {
    const which = kinds.filter(([, k]) => k.failed > 0).map(([kind, k]) => `${k.failed} ${kind}`);
    problems.failed = `${stats.failed} deliver${stats.failed === 1 ? "y" : "ies"} failed (${which.join(", ")}); see npm run submissions -- --status failed, then --requeue failed`;
  }
  const oldestMs = stats.oldestQueuedAt ? now - stats.oldestQueuedAt.getTime() : undefined;
  return {
    ok: Object.keys(problems).length === 0,
    problems,
    queued: stats.queued,
    oldestQueuedSeconds: oldestMs === undefined ? null : Math.round(oldestMs / 1000),
    failed: stats.failed,
    deliveries: Object.fromEntries(kinds.map(([kind, k]) => [kind, { queued: k.queued, failed: k.failed, lastError: errorReport(lastErrors.get(kind)) }])),
    lastSmtpError: errorReport(lastErrors.get("sales-mail")),
  };
}

export interface AlertLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Posts `{text}` (what Slack, Mattermost, Teams and Discord-compatible hooks accept) when problems start and end. */
export class Alerts {
  private open = new Set<Problem>();
  private readonly url: string | undefined;
  private readonly log: AlertLogger;
  private readonly site: string;
  private pending: Promise<void> = Promise.resolve();

  constructor(url: string | undefined, log: AlertLogger, site = "Lariox website") {
    this.url = url;
    this.log = log;
    this.site = site;
  }

  /** Compares the report with the problems already reported and posts what started or ended. */
  update(report: HealthReport): Promise<void> {
    const now = new Set(Object.keys(report.problems) as Problem[]);
    for (const problem of now) {
      if (this.open.has(problem)) continue;
      this.log.error({ problem }, `health: ${report.problems[problem]}`);
      this.post(`${this.site}: ${report.problems[problem]}`);
    }
    for (const problem of this.open) {
      if (!now.has(problem))
        this.post(
          `${this.site}: resolved: ${problem === "storage" ? "the enquiry store takes writes again" : problem === "stale" ? "the delivery queue is moving again" : "no failed deliveries remain"}`,
        );
    }
    this.open = now;
    return this.pending;
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
  /** How often the monitor looks, besides after each failure. */
  checkEveryMs?: number;
}

export function registerHealth(app: FastifyInstance, options: HealthOptions): { check(): Promise<void> } {
  const { store, outbox, alerts } = options;
  const report = () => healthReport(store, outbox.lastErrors, options);
  const check = async () => alerts.update(await report());
  app.get("/healthz", async (_request, reply) => {
    const current = await report();
    void alerts.update(current);
    return reply
      .code(current.ok ? 200 : 503)
      .header("cache-control", "no-store")
      .send(current);
  });
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 60_000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  return { check };
}
