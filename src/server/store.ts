/**
 * The enquiry store: submissions, their deliveries (the outbox) and honeypot counters, in SQLite
 * (the default: one file under DATA_DIR, nothing to set up) or PostgreSQL (DATABASE_URL: several
 * server instances sharing one database). Every query is written once with Kysely; how the two
 * databases differ is in database.ts, the schema in migrations.ts. The promises it keeps:
 *
 * - insertSubmission writes the submission and its deliveries in one transaction and resolves only
 *   once that is committed, so an answered enquiry survives a crash.
 * - claimDue hands each due delivery to one caller and moves it one lease ahead: a sender that dies
 *   mid-delivery leaves the row to come due again (at-least-once delivery).
 * - A write the store cannot take (disk full, database unreachable) rejects with StorageError,
 *   which the form answers with 503 and Retry-After.
 *
 * Times come from the caller (each instance's clock): keep hosts in NTP sync, well within the lease.
 */
import { sql } from "kysely";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { Config } from "./config.ts";
import { StorageError, openDialect, readJson } from "./database.ts";
import type { Dialect, OpenOptions, Tables } from "./database.ts";
import { appliedMigrations, checkMigrated, migrate } from "./migrations.ts";
import type { FormKind } from "./validate.ts";

export { StorageError } from "./database.ts";
export type { OpenOptions as StoreOptions } from "./database.ts";

export type SubmissionStatus = "queued" | "sent" | "failed";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed"];

/** A delivery to make for a submission; `kind` names its sender in senders/. */
export interface NewDelivery {
  kind: string;
  /** Where it goes, in the sender's terms; null: the sender's configured destination, read when it sends. */
  target?: string | null;
  /** What the sender needs beyond the submission, stored as JSON. */
  payload?: unknown;
}

/** Every enquiry is mailed to sales unless the caller says otherwise. */
export const DEFAULT_DELIVERIES: readonly NewDelivery[] = [{ kind: "sales-mail" }];

export interface NewSubmission {
  kind: FormKind;
  /** Stored as JSON: the validated (trimmed) form data. */
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt?: Date;
  deliveries?: readonly NewDelivery[];
}

export interface Submission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** From its deliveries: failed once one failed for good, else queued while one is pending, else sent. */
  status: SubmissionStatus;
}

export interface DeliveryState {
  id: number;
  kind: string;
  target: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  /** What the far end answered: a mail's Message-ID, a webhook's status. */
  outcome: string | null;
}

export interface SubmissionRow extends Submission {
  deliveries: DeliveryState[];
}

/** A claimed delivery with its submission; `attempts` already counts the attempt being made. */
export interface DeliveryJob {
  id: number;
  kind: string;
  target: string | null;
  payload: unknown;
  attempts: number;
  /** When the current retry window began: the submission's arrival, or its last requeue. */
  windowStart: Date;
  submission: Submission;
}

export interface ListFilter {
  kind?: FormKind | undefined;
  status?: SubmissionStatus | undefined;
  since?: Date | undefined;
}

export interface KindStats {
  /** Deliveries still to make, and when the oldest of their submissions came. */
  queued: number;
  oldestQueuedAt: Date | undefined;
  failed: number;
}

export interface QueueStats extends KindStats {
  byKind: Record<string, KindStats>;
}

export interface PurgeResult {
  /** Delivered enquiries whose personal data was removed. */
  enquiries: number;
  /** Daily honeypot counters removed. */
  spamDays: number;
}

export interface SpamCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  kind: FormKind;
  hits: number;
}

/** Which due rows a caller wants: not those it is still sending, only kinds it has a sender for. */
export interface DueFilter {
  exclude?: readonly number[];
  kinds?: readonly string[];
}

const DAY_MS = 86_400_000;
const iso = (at: Date) => at.toISOString();
const time = (value: Date | string) => new Date(value);
const maybeTime = (value: Date | string | null) => (value === null ? null : new Date(value));

type Db = Kysely<Tables>;

/** A submission's status, from its deliveries (one expression, used to read and to filter). */
function statusOf(eb: ExpressionBuilder<Tables & { s: Tables["submissions"] }, "s">) {
  const unsent = (failed: boolean) =>
    eb.exists(
      eb
        .selectFrom("deliveries as x")
        .select(sql`1`.as("one"))
        .whereRef("x.submission_id", "=", "s.id")
        .where("x.sent_at", "is", null)
        .where("x.failed_at", failed ? "is not" : "is", null),
    );
  return eb.case().when(unsent(true)).then("failed").when(unsent(false)).then("queued").else("sent").end();
}

function toSubmission(r: { id: number; kind: string; payload: unknown; ip: string | null; user_agent: string | null; created_at: Date | string; status: string }): Submission {
  const p = readJson(r.payload);
  return {
    id: r.id,
    kind: r.kind as FormKind,
    payload: p !== null && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : { value: p },
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: time(r.created_at),
    status: r.status as SubmissionStatus,
  };
}

/** Honeypot hits not yet written, by day and form. */
class SpamTally {
  private readonly pending = new Map<string, { day: string; kind: FormKind; hits: number; lastAt: Date }>();

  add(kind: FormKind, at: Date): void {
    const day = at.toISOString().slice(0, 10);
    const entry = this.pending.get(`${day} ${kind}`) ?? { day, kind, hits: 0, lastAt: at };
    entry.hits += 1;
    entry.lastAt = at;
    this.pending.set(`${day} ${kind}`, entry);
  }

  /** Hands the pending counts to `write`; if it fails they are kept (added to hits counted meanwhile). */
  async flush(write: (entries: Array<{ day: string; kind: FormKind; hits: number; lastAt: Date }>) => Promise<void>): Promise<void> {
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    this.pending.clear();
    try {
      await write(entries);
    } catch (error) {
      for (const e of entries) {
        const key = `${e.day} ${e.kind}`;
        const later = this.pending.get(key);
        this.pending.set(key, later ? { ...later, hits: later.hits + e.hits } : e);
      }
      throw error;
    }
  }
}

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openStore(config: Pick<Config, "dataDir" | "databaseUrl">, options: OpenOptions = {}): Promise<EnquiryStore> {
  return EnquiryStore.open(config, options);
}

export class EnquiryStore {
  private readonly dialect: Dialect;
  private readonly db: Db;
  private readonly spam = new SpamTally();
  private readonly readonly: boolean;
  private closed = false;

  /** Opens the database and migrates it (read-only: checks it is migrated). */
  static async open(config: Pick<Config, "dataDir" | "databaseUrl">, options: OpenOptions = {}): Promise<EnquiryStore> {
    const dialect = openDialect(config, options);
    const store = new EnquiryStore(dialect, options.readonly ?? false);
    try {
      await store.guard(() => (options.readonly ? checkMigrated(dialect) : migrate(dialect)));
    } catch (error) {
      await dialect.destroy();
      if (error instanceof StorageError) {
        throw new StorageError(`${dialect.name === "postgres" ? "PostgreSQL at " : ""}${dialect.location} cannot be used: ${error.message}`);
      }
      throw error;
    }
    return store;
  }

  private constructor(dialect: Dialect, readonly: boolean) {
    this.dialect = dialect;
    this.db = dialect.db;
    this.readonly = readonly;
  }

  get kind(): "sqlite" | "postgres" {
    return this.dialect.name;
  }

  /** Where the enquiries are kept, for logs and messages; never holds a password. */
  get location(): string {
    return this.dialect.location;
  }

  /** Why writes are refused until a restart (the SQLite file was deleted or replaced), or undefined. */
  get lost(): string | undefined {
    return this.dialect.lost;
  }

  /** The migrations applied, in order (the last one is the schema's version). */
  migrations(): Promise<string[]> {
    return this.guard(() => appliedMigrations(this.dialect));
  }

  /** Runs database work, turning "cannot reach or write the database" into StorageError. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("the enquiry store is closed");
    try {
      return await work();
    } catch (error) {
      if (error instanceof StorageError || !this.dialect.isStorageFailure(error)) throw error;
      const code = (error as { code?: unknown }).code;
      throw new StorageError(`${(error as Error).message}${typeof code === "string" && !(error as Error).message.includes(code) ? ` (${code})` : ""}`);
    }
  }

  /** A write transaction; refused while the SQLite file is lost. */
  private write<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    const lost = this.lost;
    if (lost) return Promise.reject(new StorageError(`${lost}; restart it to open the current file`));
    return this.guard(() => this.db.transaction().execute(work));
  }

  /** A write of one statement: in a write transaction where the dialect needs one, else as it is. */
  private writeOne<T>(work: (db: Kysely<Tables>) => Promise<T>): Promise<T> {
    if (this.dialect.oneStatementNeedsTransaction) return this.write(work);
    const lost = this.lost;
    if (lost) return Promise.reject(new StorageError(`${lost}; restart it to open the current file`));
    return this.guard(() => work(this.db));
  }

  async insertSubmission(s: NewSubmission): Promise<number> {
    const createdAt = iso(s.createdAt ?? new Date());
    const submission = { kind: s.kind, payload: JSON.stringify(s.payload), ip: s.ip ?? null, user_agent: s.userAgent ?? null, created_at: createdAt };
    const deliveries = (s.deliveries ?? DEFAULT_DELIVERIES).map((d) => ({
      kind: d.kind,
      target: d.target ?? null,
      payload: d.payload === undefined ? null : JSON.stringify(d.payload),
      next_attempt_at: createdAt,
      window_start: createdAt,
    }));
    if (this.dialect.insertsIntoTwoTablesAtOnce && deliveries.length > 0) {
      // One statement, one round trip: the deliveries are inserted from the submission's row.
      const row = await this.writeOne((db) =>
        db
          .with("s", (db) => db.insertInto("submissions").values(submission).returning("id"))
          .insertInto("deliveries")
          .columns(["submission_id", "kind", "target", "payload", "next_attempt_at", "window_start"])
          .expression((eb) =>
            deliveries
              .map((d) =>
                eb
                  .selectFrom("s")
                  .select((eb) => [
                    "s.id",
                    eb.cast(eb.val(d.kind), "text").as("kind"),
                    eb.cast(eb.val(d.target), "text").as("target"),
                    eb.cast(eb.val(d.payload), this.dialect.types.json).as("payload"),
                    eb.cast(eb.val(createdAt), this.dialect.types.time).as("next_attempt_at"),
                    eb.cast(eb.val(createdAt), this.dialect.types.time).as("window_start"),
                  ]),
              )
              .reduce((all, one) => all.unionAll(one)),
          )
          .returning("submission_id")
          .executeTakeFirstOrThrow(),
      );
      return row.submission_id;
    }
    return this.write(async (trx) => {
      const { id } = await trx.insertInto("submissions").values(submission).returning("id").executeTakeFirstOrThrow();
      if (deliveries.length > 0) await trx.insertInto("deliveries").values(deliveries.map((d) => ({ submission_id: id, ...d }))).execute();
      return id;
    });
  }

  /**
   * Counts a honeypot hit: one row a day and form, whatever the bot sent. Counted in memory and
   * written by flushSpam(), so a flood of bot posts costs no disk sync each; a crash loses at
   * most the count since the last flush, never an enquiry.
   */
  recordSpam(kind: FormKind, at: Date = new Date()): void {
    this.spam.add(kind, at);
  }

  async flushSpam(): Promise<void> {
    await this.spam.flush(async (entries) => {
      await this.writeOne((db) =>
        db
          .insertInto("spam_hits")
          .values(entries.map((e) => ({ day: e.day, kind: e.kind, hits: e.hits, last_at: iso(e.lastAt) })))
          .onConflict((oc) =>
            oc.columns(["day", "kind"]).doUpdateSet({
              hits: sql`spam_hits.hits + excluded.hits`,
              last_at: sql`CASE WHEN excluded.last_at > spam_hits.last_at THEN excluded.last_at ELSE spam_hits.last_at END`,
            }),
          )
          .execute(),
      );
    });
  }

  async spamCounts(): Promise<SpamCount[]> {
    await this.flushSpam();
    const rows = await this.guard(() => this.db.selectFrom("spam_hits").select(["day", "kind", "hits"]).orderBy("day").orderBy("kind").execute());
    return rows.map((r) => ({ day: r.day, kind: r.kind as FormKind, hits: Number(r.hits) }));
  }

  /**
   * Claims up to `limit` due deliveries for this caller alone: counts the attempt and moves
   * next_attempt_at `leaseMs` ahead, so a row whose sender dies comes due again. On PostgreSQL the
   * due rows are locked FOR UPDATE SKIP LOCKED: instances polling at once get disjoint rows.
   */
  async claimDue(now: Date, limit: number, leaseMs: number, filter: DueFilter = {}): Promise<DeliveryJob[]> {
    const { exclude = [], kinds } = filter;
    if (kinds?.length === 0) return [];
    const rows = await this.writeOne((db) =>
      db
        .with("due", (db) =>
          db
            .selectFrom("deliveries")
            .select("id")
            .where("sent_at", "is", null)
            .where("failed_at", "is", null)
            .where("next_attempt_at", "<=", iso(now))
            .$if(exclude.length > 0, (q) => q.where("id", "not in", exclude))
            .$if(kinds !== undefined, (q) => q.where("kind", "in", kinds!))
            .orderBy("next_attempt_at")
            .orderBy("id")
            .limit(limit)
            .$call(this.dialect.lockForClaim),
        )
        .updateTable("deliveries")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: iso(new Date(now.getTime() + leaseMs)) }))
        .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
        .returning(["id", "submission_id", "kind", "target", "payload", "attempts", "window_start"])
        .execute(),
    );
    if (rows.length === 0) return [];
    // What a claimed delivery's submission holds cannot change under it: read after the claim.
    const submissions = await this.guard(() =>
      this.db
        .selectFrom("submissions as s")
        .selectAll("s")
        .select((eb) => statusOf(eb).as("status"))
        .where(
          "s.id",
          "in",
          rows.map((r) => r.submission_id),
        )
        .execute(),
    );
    return rows
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        target: row.target,
        payload: readJson(row.payload),
        attempts: row.attempts,
        windowStart: time(row.window_start),
        submission: toSubmission(submissions.find((s) => s.id === row.submission_id)!),
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Records a delivery as made; a late retry or failure of it changes nothing afterwards. */
  async markSent(id: number, outcome: string | undefined, at: Date = new Date()): Promise<void> {
    await this.writeOne((db) =>
      db.updateTable("deliveries").set({ sent_at: iso(at), outcome: outcome ?? null, last_error: null }).where("id", "=", id).execute(),
    );
  }

  async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.writeOne((db) =>
      db.updateTable("deliveries").set({ last_error: error, next_attempt_at: iso(nextAttemptAt) }).where("id", "=", id).where("sent_at", "is", null).execute(),
    );
  }

  async markFailed(id: number, error: string, at: Date = new Date()): Promise<void> {
    await this.writeOne((db) =>
      db.updateTable("deliveries").set({ last_error: error, failed_at: iso(at) }).where("id", "=", id).where("sent_at", "is", null).execute(),
    );
  }

  /**
   * Makes failed deliveries due again, each with a fresh retry window: all of them, or those of the
   * given submissions. Resolves to the submission ids requeued, ascending.
   */
  async requeue(which: "failed" | readonly number[], now: Date = new Date()): Promise<number[]> {
    if (which !== "failed" && which.length === 0) return [];
    const rows = await this.writeOne((db) =>
      db
        .updateTable("deliveries")
        .set({ failed_at: null, attempts: 0, next_attempt_at: iso(now), window_start: iso(now) })
        .where("failed_at", "is not", null)
        .where("sent_at", "is", null)
        .$if(which !== "failed", (q) => q.where("submission_id", "in", which as readonly number[]))
        .returning("submission_id")
        .execute(),
    );
    return [...new Set(rows.map((r) => r.submission_id))].sort((a, b) => a - b);
  }

  /**
   * Removes delivered enquiries received more than `retentionDays` ago (their deliveries go with
   * them) and honeypot counters older than `spamDays`.
   */
  async purge(now: Date, retentionDays: number, spamDays = 7): Promise<PurgeResult> {
    await this.flushSpam();
    const before = (days: number) => iso(new Date(now.getTime() - days * DAY_MS));
    return this.write(async (trx) => {
      const enquiries = await trx
        .deleteFrom("submissions as s")
        .where((eb) => eb(statusOf(eb), "=", "sent"))
        .where("s.created_at", "<", before(retentionDays))
        .executeTakeFirst();
      const spam = await trx.deleteFrom("spam_hits").where("day", "<", before(spamDays).slice(0, 10)).executeTakeFirst();
      return { enquiries: Number(enquiries.numDeletedRows), spamDays: Number(spam.numDeletedRows) };
    });
  }

  /** Earliest next_attempt_at of the deliveries still to make. */
  async nextDueAt(filter: DueFilter = {}): Promise<Date | undefined> {
    const { exclude = [], kinds } = filter;
    if (kinds?.length === 0) return undefined;
    const row = await this.guard(() =>
      this.db
        .selectFrom("deliveries")
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .select((eb) => eb.fn.min("next_attempt_at").as("due"))
        .$if(exclude.length > 0, (q) => q.where("id", "not in", exclude))
        .$if(kinds !== undefined, (q) => q.where("kind", "in", kinds!))
        .executeTakeFirst(),
    );
    return row?.due == null ? undefined : time(row.due as Date | string);
  }

  /** Deliveries waiting and failed, in all and by kind (for /healthz). */
  async queueStats(): Promise<QueueStats> {
    const rows = await this.guard(() =>
      this.db
        .selectFrom("deliveries as d")
        .innerJoin("submissions as s", "s.id", "d.submission_id")
        .where("d.sent_at", "is", null)
        .groupBy("d.kind")
        .select((eb) => [
          "d.kind",
          eb.fn.count<number>(eb.case().when("d.failed_at", "is", null).then(1).end()).as("queued"),
          eb.fn.min(eb.case().when("d.failed_at", "is", null).then(eb.ref("s.created_at")).end()).as("oldest"),
          eb.fn.count<number>("d.failed_at").as("failed"),
        ])
        .execute(),
    );
    const stats: QueueStats = { queued: 0, oldestQueuedAt: undefined, failed: 0, byKind: {} };
    for (const r of rows) {
      const oldest = r.oldest === null ? undefined : time(r.oldest as Date | string);
      stats.byKind[r.kind] = { queued: Number(r.queued), oldestQueuedAt: oldest, failed: Number(r.failed) };
      stats.queued += Number(r.queued);
      stats.failed += Number(r.failed);
      if (oldest && !(stats.oldestQueuedAt && stats.oldestQueuedAt <= oldest)) stats.oldestQueuedAt = oldest;
    }
    return stats;
  }

  async get(id: number): Promise<SubmissionRow | undefined> {
    return (await this.select({}, id))[0];
  }

  async list(filter: ListFilter = {}): Promise<SubmissionRow[]> {
    return this.select(filter);
  }

  private async select(filter: ListFilter, id?: number): Promise<SubmissionRow[]> {
    const rows = await this.guard(() =>
      this.db
        .selectFrom("submissions as s")
        .leftJoin("deliveries as d", "d.submission_id", "s.id")
        .selectAll("s")
        .select((eb) => statusOf(eb).as("status"))
        .select([
          "d.id as d_id",
          "d.kind as d_kind",
          "d.target as d_target",
          "d.attempts as d_attempts",
          "d.last_error as d_last_error",
          "d.next_attempt_at as d_next_attempt_at",
          "d.sent_at as d_sent_at",
          "d.failed_at as d_failed_at",
          "d.outcome as d_outcome",
        ])
        .$if(filter.kind !== undefined, (q) => q.where("s.kind", "=", filter.kind!))
        .$if(filter.status !== undefined, (q) => q.where((eb) => eb(statusOf(eb), "=", filter.status!)))
        .$if(filter.since !== undefined, (q) => q.where("s.created_at", ">=", iso(filter.since!)))
        .$if(id !== undefined, (q) => q.where("s.id", "=", id!))
        .orderBy("s.id")
        .orderBy("d.id")
        .execute(),
    );
    const result: SubmissionRow[] = [];
    for (const r of rows) {
      if (result.at(-1)?.id !== r.id) result.push({ ...toSubmission(r), deliveries: [] });
      if (r.d_id === null) continue;
      result.at(-1)!.deliveries.push({
        id: r.d_id,
        kind: r.d_kind!,
        target: r.d_target,
        attempts: r.d_attempts!,
        lastError: r.d_last_error,
        nextAttemptAt: time(r.d_next_attempt_at!),
        sentAt: maybeTime(r.d_sent_at),
        failedAt: maybeTime(r.d_failed_at),
        outcome: r.d_outcome,
      });
    }
    return result;
  }

  /** A consistent copy taken while the server keeps writing, to a new file `dest`. */
  backupTo(dest: string): Promise<void> {
    return this.dialect.backupTo(dest);
  }

  /** Writes pending honeypot counts and lets go of the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.readonly) await this.flushSpam();
    } finally {
      this.closed = true;
      await this.db.destroy();
    }
  }
}
