/**
 * Delivery worker: takes due outbox rows from the store, e-mails them, and records the outcome.
 *
 * - Woken right after each insert (`nudge()`), when a retry comes due, and every `pollMs` anyway.
 * - A row is claimed before sending (attempt counted, next_attempt_at moved one lease ahead), so a
 *   crash mid-send means the row is tried again later: at-least-once delivery. The Message-ID is
 *   stable per submission, so a rare duplicate is recognisable. Several instances may share one
 *   PostgreSQL store: the claim gives each row to one of them.
 * - A temporary failure is retried after retryBaseMs x 1, 3, 12, 60, 180, 360, 720 (10 s, 30 s,
 *   2 min, 10 min, 30 min, 1 h, 2 h with the default base), then every retryMaxMs, until
 *   retryWindowMs after the message came (or was requeued): an SMTP outage over a long weekend
 *   delays leads but loses none. Only then, or at once on a permanent refusal, is it failed, and
 *   `onFailed` tells the health monitor.
 */
import type { OutboxConfig } from "./config.ts";
import { composeMail } from "./mail.ts";
import type { MailSettings, MailTransport } from "./mail.ts";
import type { EnquiryStore, OutboxJob } from "./store-types.ts";

const BACKOFF_STEPS = [1, 3, 12, 60, 180, 360, 720];

/** Delay before the next attempt after `attempts` failed ones (1-based), at most `maxMs`. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const step = attempts > BACKOFF_STEPS.length ? Infinity : BACKOFF_STEPS[Math.max(attempts, 1) - 1]!;
  return Math.min(step * baseMs, maxMs);
}

/**
 * A refusal that retrying cannot change: the SMTP server answered 5xx to this message (unknown
 * recipient, rejected content). A 5xx to the login is left out: a wrong or expired password is
 * the operator's to fix, and the messages should go once it is.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

export interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: OutboxLogger = { info() {}, warn() {}, error() {} };

export interface OutboxOptions extends OutboxConfig, MailSettings {
  log?: OutboxLogger;
  /** How long stop() lets deliveries in progress finish before aborting them. */
  stopGraceMs?: number;
  /** The time; tests run it fast to pass days of retries in a second. */
  now?: () => number;
  /** Called when a message is marked failed. */
  onFailed?: (id: number, reason: string) => void;
}

export interface DeliveryError {
  message: string;
  at: Date;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const response = (error as { response?: unknown }).response;
    let text = error.message;
    if (typeof code === "string" && !text.includes(code)) text = `${code}: ${text}`;
    if (typeof response === "string" && !text.includes(response)) text += ` (server said: ${response})`;
    return text.slice(0, 1000);
  }
  return String(error).slice(0, 1000);
}

export class Outbox {
  private readonly store: EnquiryStore;
  private readonly transport: MailTransport;
  private readonly options: OutboxOptions;
  private readonly log: OutboxLogger;
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private nudged = false;
  private running = false;
  private stopped = false;
  /** The pump under way; a request for another meanwhile runs once it is done (`pumpAgain`). */
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private idleWaiters: Array<() => void> = [];
  private readonly now: () => number;
  /** The last delivery error since start, cleared by the next delivery that goes through. */
  lastError: DeliveryError | undefined;

  constructor(store: EnquiryStore, transport: MailTransport, options: OutboxOptions) {
    this.store = store;
    this.transport = transport;
    this.options = options;
    this.log = options.log ?? silent;
    this.now = options.now ?? Date.now;
  }

  /** Starts polling; delivers whatever is already due. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    void this.pump();
  }

  /** Looks for due rows as soon as possible (coalesced); called after each insert. */
  nudge(): void {
    if (!this.running || this.nudged) return;
    this.nudged = true;
    setImmediate(() => {
      this.nudged = false;
      void this.pump();
    });
  }

  /** Resolves once nothing is being sent and no row is due now, or the worker stopped (for tests and benchmarks). */
  async idle(): Promise<void> {
    for (;;) {
      // Listening before looking, so a wake-up during the look is not missed.
      const woken = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      if (await this.isIdle()) return;
      await woken;
    }
  }

  /** Stops claiming rows, gives deliveries in progress `stopGraceMs` to finish, then aborts them. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // Rows claimed by a pump under way are sent (or given back) like the others.
    await this.pumping;
    const pending = [...this.inFlight.values()];
    if (pending.length > 0) {
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, this.options.stopGraceMs ?? 5_000);
      });
      await Promise.race([Promise.allSettled(pending), grace]);
      clearTimeout(graceTimer);
      this.abort.abort(new Error("server shutting down"));
      await Promise.allSettled(pending);
    }
    this.transport.close();
    this.wakeIdleWaiters();
  }

  private async isIdle(): Promise<boolean> {
    if (this.stopped) return true;
    if (this.inFlight.size > 0) return false;
    try {
      const due = await this.store.nextDueAt();
      return due === undefined || due.getTime() > this.now();
    } catch {
      return true; // store closed
    }
  }

  /** Wakes idle() callers to look again; called after each delivery and each pump. */
  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Claims due rows up to the concurrency and starts sending them; one pump at a time. */
  private async pump(): Promise<void> {
    if (!this.running) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.pumpAgain = false;
        await this.pumpOnce();
      } while (this.pumpAgain && this.running);
    })();
    try {
      await this.pumping;
    } finally {
      this.pumping = undefined;
    }
  }

  private async pumpOnce(): Promise<void> {
    clearTimeout(this.timer);
    const { concurrency, leaseMs, pollMs } = this.options;
    try {
      while (this.running && this.inFlight.size < concurrency) {
        const jobs = await this.store.claimDue(new Date(this.now()), concurrency - this.inFlight.size, leaseMs, [...this.inFlight.keys()]);
        if (jobs.length === 0) break;
        for (const job of jobs) {
          const delivery = this.deliver(job).finally(() => {
            this.inFlight.delete(job.id);
            this.nudge();
            this.wakeIdleWaiters();
          });
          this.inFlight.set(job.id, delivery);
        }
      }
    } catch (error) {
      this.log.error({ err: error }, "outbox: could not read due messages");
    }
    let delay = pollMs;
    if (this.running && this.inFlight.size < concurrency) {
      try {
        const due = await this.store.nextDueAt([...this.inFlight.keys()]);
        if (due !== undefined) delay = Math.min(pollMs, Math.max(10, due.getTime() - this.now()));
      } catch {
        // the poll below tries again
      }
    }
    if (this.running) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.pump(), delay);
      this.timer.unref();
    }
    this.wakeIdleWaiters();
  }

  private async deliver(job: OutboxJob): Promise<void> {
    const { retryBaseMs, retryMaxMs, retryWindowMs, sendTimeoutMs } = this.options;
    try {
      const message = composeMail(job, this.options);
      const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(sendTimeoutMs)]);
      const { messageId } = await this.transport.send(message, job, signal);
      await this.store.markSent(job.id, messageId, new Date(this.now()));
      this.lastError = undefined;
      this.log.info({ submission: job.id, kind: job.kind, attempts: job.attempts, messageId }, "outbox: delivered");
    } catch (error) {
      const reason = describeError(error);
      const now = this.now();
      this.lastError = { message: reason, at: new Date(now) };
      const next = now + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs);
      try {
        if (isPermanentRefusal(error) || next > job.windowStart.getTime() + retryWindowMs) {
          const why = isPermanentRefusal(error) ? `refused: ${reason}` : `undelivered after ${job.attempts} attempts: ${reason}`;
          await this.store.markFailed(job.id, why, new Date(now));
          this.log.error({ submission: job.id, attempts: job.attempts, reason: why }, "outbox: message failed; requeue it once the cause is fixed");
          this.options.onFailed?.(job.id, why);
        } else {
          await this.store.markRetry(job.id, reason, new Date(next));
          this.log.warn({ submission: job.id, attempts: job.attempts, reason, next: new Date(next) }, "outbox: delivery failed, will retry");
        }
      } catch (storeError) {
        // The lease set when the row was claimed still brings it back later.
        this.log.error({ submission: job.id, err: storeError, reason }, "outbox: could not record the delivery failure");
      }
    }
  }
}
