/**
 * GET /healthz for uptime monitors, and alerts to ALERT_WEBHOOK_URL.
 *
 * Healthy means every enquiry is on its way: none has waited longer than HEALTH_MAX_QUEUE_AGE_MIN,
 * none has failed for good, and the store takes writes. Otherwise /healthz answers 503, and the
 * webhook hears once when a problem starts and once when it is over, however often it is checked.
 */
import type { FastifyInstance } from "fastify";
import type { DeliveryError, Outbox } from "./outbox.ts";
import type { EnquiryStore } from "./store-types.ts";

export interface HealthReport {
  ok: boolean;
  /** What is wrong, in words, keyed by kind: "stale", "failed", "storage". */
  problems: Partial<Record<Problem, string>>;
  queued: number;
  oldestQueuedSeconds: number | null;
  failed: number;
  lastSmtpError: { message: string; at: string } | null;
}

type Problem = "stale" | "failed" | "storage";

export interface HealthSettings {
  maxQueueAgeMs: number;
  now?: () => number;
}

export async function healthReport(store: EnquiryStore, lastError: DeliveryError | undefined, settings: HealthSettings): Promise<HealthReport> {
  const now = settings.now?.() ?? Date.now();
  const problems: HealthReport["problems"] = {};
  let stats = { queued: 0, oldestQueuedAt: undefined as Date | undefined, failed: 0 };
  try {
    stats = await store.queueStats();
  } catch (error) {
    problems.storage = `the enquiry store cannot be read: ${(error as Error).message}`;
  }
  const lost = store.lost;
  if (lost) problems.storage = `${lost}: new enquiries are refused`;
  const oldestMs = stats.oldestQueuedAt ? now - stats.oldestQueuedAt.getTime() : undefined;
  if (oldestMs !== undefined && oldestMs > settings.maxQueueAgeMs) {
    problems.stale = `an enquiry has waited ${Math.round(oldestMs / 60_000)} min to be mailed${lastError ? ` (last error: ${lastError.message})` : ""}`;
  }
  if (stats.failed > 0)
    problems.failed = `${stats.failed} enquir${stats.failed === 1 ? "y" : "ies"} could not be mailed; see npm run submissions -- --status failed, then --requeue failed`;
  return {
    ok: Object.keys(problems).length === 0,
    problems,
    queued: stats.queued,
    oldestQueuedSeconds: oldestMs === undefined ? null : Math.round(oldestMs / 1000),
    failed: stats.failed,
    lastSmtpError: lastError ? { message: lastError.message, at: lastError.at.toISOString() } : null,
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
          `${this.site}: resolved: ${problem === "storage" ? "the enquiry store takes writes again" : problem === "stale" ? "the mail queue is moving again" : "no failed enquiries remain"}`,
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
  const report = () => healthReport(store, outbox.lastError, options);
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
