/**
 * The delivery worker: one loop for every kind of delivery (pg-boss's model: a job is a row with
 * a name, a payload, retry state and a lease). It claims due deliveries from the store, hands each
 * to the sender of its kind (senders/), and records the outcome.
 *
 * - Woken right after each insert (`nudge()`), when a retry comes due, and every `pollMs` anyway.
 * - A row is claimed before sending (attempt counted, next_attempt_at moved one lease ahead), so a
 *   crash mid-send means the row is tried again later: at-least-once delivery. Several instances
 *   may share one PostgreSQL store: the claim gives each row to one of them.
 * - A temporary failure is retried after retryBaseMs x 1, 3, 12, 60, 180, 360, 720 (10 s, 30 s,
 *   2 min, 10 min, 30 min, 1 h, 2 h with the default base), then every retryMaxMs, until
 *   retryWindowMs after the enquiry came (or was requeued): an outage over a long weekend delays
 *   leads but loses none. Only then, or at once on a refusal the sender calls permanent, is it
 *   failed, and `onFailed` tells the health monitor.
 * - A store that refuses the worker's writes (disk full, database down) is tried again after 1 s,
 *   doubling up to a minute, and logged once when it starts and once when it ends.
 * - "Exactly once" here means: a delivery the far end took is not made again by this process. When
 *   the store refuses to record it as made, the worker keeps the outcome in memory, records it once
 *   the store takes writes, and does not claim the row meanwhile. Only a process that dies in that
 *   gap (or, on PostgreSQL, another instance claiming the row once its lease is over) makes it
 *   again, and then as the same message: the Message-ID (a webhook's id) comes from the stored
 *   enquiry, fixed before the first try, so the far end can tell the copy and drop it.
 */
import type { OutboxConfig } from "../config.ts";
import type { DeliveryJob, EnquiryStore } from "../store/index.ts";
import { describeError, type DeliveryError, type Senders } from "./sender.ts";

const BACKOFF_STEPS = [1, 3, 12, 60, 180, 360, 720];
const STORE_RETRY_FIRST_MS = 1_000;
const STORE_RETRY_MAX_MS = 60_000;

/** Delay before the next attempt after `attempts` failed ones (1-based), at most `maxMs`. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const step = attempts > BACKOFF_STEPS.length ? Infinity : BACKOFF_STEPS[Math.max(attempts, 1) - 1]!;
  return Math.min(step * baseMs, maxMs);
}

export interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: OutboxLogger = { info() {}, warn() {}, error() {} };

export interface OutboxOptions extends OutboxConfig {
  log?: OutboxLogger;
  /** How long stop() lets deliveries in progress finish before aborting them. */
  stopGraceMs?: number;
  /** The time; tests run it fast to pass days of retries in a second. */
  now?: () => number;
  /** Called when a delivery is marked failed. */
  onFailed?: (job: DeliveryJob, reason: string) => void;
  /** Schedules the next look for due rows; tests pass their own to run it by hand instead of sleeping. */
  timers?: OutboxTimers;
}

/** What the worker schedules its next pump with (Node's timers, unref'd, unless a test passes others). */
export interface OutboxTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimers: OutboxTimers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
};

export class Outbox {
  private readonly store: EnquiryStore;
  private readonly senders: Senders;
  private readonly kinds: readonly string[];
  private readonly options: OutboxOptions;
  private readonly log: OutboxLogger;
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private timer: unknown;
  private nudged = false;
  private running = false;
  private stopped = false;
  /** The pump under way; a request for another meanwhile runs once it is done (`pumpAgain`). */
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private idleWaiters: Array<() => void> = [];
  private readonly now: () => number;
  private readonly timers: OutboxTimers;
  /** Pumps in a row the store refused; the next waits STORE_RETRY_FIRST_MS doubled this often less one. */
  private storeFailures = 0;
  /** Deliveries made that the store has not recorded yet, with what the far end answered. */
  private readonly unrecorded = new Map<number, { outcome: string | undefined; at: Date }>();
  /** The last error of each kind since start, cleared by the next delivery of that kind that goes through. */
  readonly lastErrors = new Map<string, DeliveryError>();

  constructor(store: EnquiryStore, senders: Senders, options: OutboxOptions) {
    this.store = store;
    this.senders = senders;
    this.kinds = Object.keys(senders);
    this.options = options;
    this.log = options.log ?? silent;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? nodeTimers;
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
    this.timers.clear(this.timer);
    this.timer = undefined;
    // Rows claimed by a pump under way are sent (or given back) like the others.
    await this.pumping;
    const pending = [...this.inFlight.values()];
    if (pending.length > 0) {
      const grace = new Promise((resolve) => setTimeout(resolve, this.options.stopGraceMs ?? 5_000).unref());
      await Promise.race([Promise.allSettled(pending), grace]);
      this.abort.abort(new Error("server shutting down"));
      await Promise.allSettled(pending);
    }
    await this.recordMade().catch((error: unknown) => {
      this.log.error(
        { err: error, deliveries: [...this.unrecorded.keys()] },
        "outbox: stopping with deliveries made but not recorded: they will be made again",
      );
    });
    for (const sender of Object.values(this.senders)) sender.close?.();
    this.wakeIdleWaiters();
  }

  private async isIdle(): Promise<boolean> {
    if (this.stopped) return true;
    // A pump under way may hold rows it claimed (leased, so not due) but has not started sending.
    if (this.pumping || this.inFlight.size > 0 || this.unrecorded.size > 0) return false;
    try {
      const due = await this.store.nextDueAt({ kinds: this.kinds });
      return due === undefined || due.getTime() > this.now();
    } catch {
      return true; // store closed
    }
  }

  /** Wakes idle() callers to look again; called after each delivery and each pump, once it is over. */
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
      this.wakeIdleWaiters();
    }
  }

  private async pumpOnce(): Promise<void> {
    this.timers.clear(this.timer);
    const { concurrency, leaseMs, pollMs } = this.options;
    const filter = () => ({ exclude: [...this.inFlight.keys(), ...this.unrecorded.keys()], kinds: this.kinds });
    try {
      await this.recordMade();
      while (this.running && this.inFlight.size < concurrency) {
        const jobs = await this.store.claimDue(new Date(this.now()), concurrency - this.inFlight.size, leaseMs, filter());
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
      if (this.storeFailures > 0) this.log.info({ tries: this.storeFailures }, "outbox: the store takes the outbox's writes again");
      this.storeFailures = 0;
    } catch (error) {
      if (this.storeFailures === 0) this.log.error({ err: error }, "outbox: the store refuses the outbox's writes; trying again at growing intervals");
      this.storeFailures += 1;
    }
    let delay = pollMs;
    if (this.storeFailures > 0) delay = Math.min(STORE_RETRY_FIRST_MS * 2 ** (this.storeFailures - 1), STORE_RETRY_MAX_MS);
    else if (this.running && this.inFlight.size < concurrency) {
      try {
        const due = await this.store.nextDueAt(filter());
        if (due !== undefined) delay = Math.min(pollMs, Math.max(10, due.getTime() - this.now()));
      } catch {
        // the poll below tries again
      }
    }
    if (this.running) {
      this.timers.clear(this.timer);
      this.timer = this.timers.set(() => void this.pump(), delay);
    }
  }

  private async deliver(job: DeliveryJob): Promise<void> {
    const { retryBaseMs, retryMaxMs, retryWindowMs, sendTimeoutMs } = this.options;
    const sender = this.senders[job.kind]!;
    const about = { delivery: job.id, kind: job.kind, submission: job.submission?.id, attempts: job.attempts };
    let outcome: string | undefined;
    try {
      outcome = await sender.send(job, AbortSignal.any([this.abort.signal, AbortSignal.timeout(sendTimeoutMs)]));
    } catch (error) {
      const reason = describeError(error);
      const now = this.now();
      this.lastErrors.set(job.kind, { message: reason, at: new Date(now) });
      const next = now + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs);
      try {
        const permanent = sender.isPermanent(error);
        if (permanent || next > job.windowStart.getTime() + retryWindowMs) {
          const why = permanent ? `refused: ${reason}` : `undelivered after ${job.attempts} attempts: ${reason}`;
          await this.store.markFailed(job.id, why, new Date(now));
          this.log.error({ ...about, reason: why }, "outbox: delivery failed; requeue it once the cause is fixed");
          this.options.onFailed?.(job, why);
        } else {
          await this.store.markRetry(job.id, reason, new Date(next));
          this.log.warn({ ...about, reason, next: new Date(next) }, "outbox: delivery failed, will retry");
        }
      } catch (storeError) {
        // The lease set when the row was claimed still brings it back later.
        this.log.error({ ...about, err: storeError, reason }, "outbox: could not record the delivery failure");
      }
      return;
    }
    this.lastErrors.delete(job.kind);
    const at = new Date(this.now());
    try {
      await this.store.markSent(job.id, outcome, at);
      this.log.info({ ...about, outcome }, "outbox: delivered");
    } catch (error) {
      this.unrecorded.set(job.id, { outcome, at });
      this.log.error({ ...about, outcome, err: error }, "outbox: delivered, but the store did not record it; recorded once it takes writes, not made again");
    }
  }

  /** Records the deliveries made and not recorded yet; rejects, keeping the rest, when the store refuses. */
  private async recordMade(): Promise<void> {
    for (const [id, { outcome, at }] of this.unrecorded) {
      await this.store.markSent(id, outcome, at);
      this.unrecorded.delete(id);
    }
  }
}
