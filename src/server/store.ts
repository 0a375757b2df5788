/**
 * The enquiry store: submissions, their deliveries (the outbox) and honeypot counters, in SQLite
 * (the default: one file under DATA_DIR) or PostgreSQL (DATABASE_URL: several instances, one
 * database). Every query is written once with Kysely; how the databases differ is in database.ts,
 * the schema in migrations.ts. It depends on neither the routes nor the spam rules: they use the
 * types declared here. The promises it keeps:
 *
 * - insertSubmission commits the submission and its deliveries together before it resolves, so an
 *   answered enquiry survives a crash.
 * - claimDue hands each due delivery to one caller and moves it one lease ahead: a sender that dies
 *   mid-delivery leaves the row to come due again (at-least-once delivery).
 * - A write the store cannot take (disk full, database unreachable) rejects with StorageError,
 *   which the form answers with 503 and Retry-After.
 *
 * Times come from the caller (each instance's clock): keep hosts in NTP sync, well within the lease.
 */
import DataLoader from "dataloader";
import { sql } from "kysely";
import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from "kysely";
import { StorageError, openDialect } from "./database.ts";
import type { Dialect, OpenOptions, StoreLocation, Tables } from "./database.ts";
import { appliedMigrations, checkMigrated, migrate } from "./migrations.ts";
import { DAY_MS } from "./env.ts";
import { referenceFor } from "./reference.ts";

export { StorageError } from "./database.ts";

/** The forms, one a folder of src/blocks/form/forms/. */
export type { FormKind } from "../blocks/form/forms.generated.ts";
import { FORM_KINDS, type FormKind } from "../blocks/form/forms.generated.ts";
/** Where the visit came from: validate.ts's SOURCE_FIELDS, each when known. */
export type LeadSource = Partial<Record<string, string>>;

/** "quarantined": held by the spam verdict, no deliveries until released. */
export type SubmissionStatus = "queued" | "sent" | "failed" | "quarantined";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed", "quarantined"];
/** Quarantined enquiries not released are removed after this many days. */
export const QUARANTINE_DAYS = 30;

/**
 * A delivery to make for a submission. `kind` names its sender (senders/); `target` is where it
 * goes in that sender's terms (null: the sender's configured destination, read when it sends, so
 * a corrected MAIL_TO reaches requeued mail); `payload` is what it needs beyond the submission.
 */
export type NewDelivery = { kind: string; target?: string | null; payload?: unknown };

export interface NewSubmission {
  kind: FormKind;
  /** Stored as JSON: the validated (trimmed) form data. */
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt?: Date;
  /** The sales mail unless named. */
  deliveries?: readonly NewDelivery[];
  /** Held, not delivered (no deliveries are made): the verdict's reasons. */
  quarantine?: { reasons: unknown };
  /** spam/repeat.ts messageFingerprint of the message, when it has one. */
  fingerprint?: string | undefined;
  /** The visitor's address, and receipt.ts's receiptAddressKey of it. */
  email?: string | undefined;
  receiptKey?: string | undefined;
  source?: LeadSource | undefined;
  /** The ALTCHA challenge the post answered: stored only if no earlier post used it (see ReplayedError). */
  challenge?: { nonce: string; expiresAt: Date } | undefined;
}

/** insertSubmission's refusal of a post whose ALTCHA challenge an earlier post used; nothing was stored. */
export class ReplayedError extends Error {
  override name = "ReplayedError";
}

/** A submission as stored: what a sender gets with a delivery. */
export interface StoredSubmission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** LA-<year>-<number>, what the visitor quotes (reference.ts): the number is the id. */
  reference: string;
  /** Why it was quarantined (kept after a release); null when it never was. */
  reasons: unknown;
  source: LeadSource;
}

/** With its status, read from its deliveries (two subqueries a row, so not read for a delivery). */
export interface Submission extends StoredSubmission {
  /** Quarantined while held; else failed once one delivery failed for good, else queued while one is pending, else sent. */
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

export type SubmissionRow = Submission & { deliveries: DeliveryState[] };

/** A claimed delivery; `attempts` counts the one being made, `windowStart` is the arrival or last requeue. */
export type DeliveryJob = Pick<DeliveryState, "id" | "kind" | "target" | "attempts"> & { payload: unknown; windowStart: Date; submission: StoredSubmission };

/** Deliveries still to make (and when the oldest of their enquiries came), and failed for good. */
export type KindStats = { queued: number; oldestQueuedAt: Date | undefined; failed: number };
export type QueueStats = KindStats & { byKind: Record<string, KindStats> };
export type ListFilter = { kind?: FormKind | undefined; status?: SubmissionStatus | undefined; since?: Date | undefined; email?: string | undefined };
/** Which deliveries a worker wants: not those it is still making, only kinds it has a sender for. */
export type DueFilter = { exclude?: readonly number[]; kinds?: readonly string[] };

/** Earlier enquiries with a message's fingerprint: from the same address, and how many other addresses. */
export interface RepeatCount {
  sameSender: number;
  otherSenders: number;
}

type RepeatQuestion = { fingerprint: string; email: string; since: Date };

/** What spam/repeat.ts asks: the store answers it, and so does its MemoryRepeatLedger. */
export interface RepeatLedger {
  /** Posts with `fingerprint` received since `since`, not counting the one being judged. */
  countRecent(fingerprint: string, email: string, since: Date): RepeatCount | Promise<RepeatCount>;
}

const iso = (at: Date) => at.toISOString();
const time = (value: Date | string) => new Date(value);
const maybeTime = (value: Date | string | null) => (value === null ? null : new Date(value));
const lower = (email: string) => email.trim().toLowerCase();
/** A value typed in SQL: VALUES outside an INSERT's own list are text unless cast. */
const cast = (value: unknown, type: string) => sql`CAST(${value} AS ${sql.raw(type)})`;

/** A submission's status from its deliveries (`s` is the submission): one expression, to read and to filter by. */
const unsent = (failed: "NOT NULL" | "NULL") =>
  sql`EXISTS (SELECT 1 FROM deliveries x WHERE x.submission_id = s.id AND x.sent_at IS NULL AND x.failed_at IS ${sql.raw(failed)})`;
const STATUS = sql<SubmissionStatus>`CASE WHEN s.state = 'quarantined' THEN 'quarantined'
  WHEN ${unsent("NOT NULL")} THEN 'failed' WHEN ${unsent("NULL")} THEN 'queued' ELSE 'sent' END`;

/** What a claim returns of each delivery it takes. */
type ClaimedRow = Pick<Selectable<Tables["deliveries"]>, "id" | "submission_id" | "kind" | "target" | "payload" | "attempts" | "window_start">;

/** Deliveries neither made nor failed, within `filter`: a condition on the deliveries table. */
const pending = ({ exclude = [], kinds }: DueFilter) =>
  sql<boolean>`sent_at IS NULL AND failed_at IS NULL${exclude.length > 0 ? sql` AND id NOT IN (${sql.join(exclude)})` : sql``}${
    kinds ? sql` AND kind IN (${sql.join(kinds)})` : sql``
  }`;

/** A submission's row, as insertAll writes it. */
function submissionRow(s: NewSubmission & { createdAt: Date }) {
  return {
    ...{ kind: s.kind, payload: JSON.stringify(s.payload), ip: s.ip ?? null, user_agent: s.userAgent ?? null, created_at: iso(s.createdAt) },
    ...{ state: s.quarantine ? "quarantined" : "accepted", reasons: s.quarantine ? JSON.stringify(s.quarantine.reasons) : null },
    ...{ message_fingerprint: s.fingerprint ?? null, email: s.email ? lower(s.email) : null, receipt_key: s.receiptKey ?? null },
    source: s.source && Object.keys(s.source).length > 0 ? JSON.stringify(s.source) : null,
  };
}

/** The challenges of `list`'s posts, each nonce once: its expiry. */
const uniqueChallenges = (list: readonly NewSubmission[]) =>
  new Map(list.flatMap((s) => (s.challenge ? [[s.challenge.nonce, iso(s.challenge.expiresAt)] as const] : [])));

/** The deliveries an enquiry is stored with: none while quarantined, the sales mail unless named. */
const deliveriesOf = (s: NewSubmission): readonly NewDelivery[] => (s.quarantine ? [] : (s.deliveries ?? [{ kind: "sales-mail" }]));
const deliveryPayload = (d: NewDelivery) => (d.payload === undefined ? null : JSON.stringify(d.payload));

/** The rows that queue `deliveries` of submission `id`, due at `at`. */
function deliveryRows(id: number, deliveries: readonly NewDelivery[], at: Date) {
  return deliveries.map((d) => ({
    ...{ submission_id: id, kind: d.kind, target: d.target ?? null },
    ...{ payload: deliveryPayload(d), next_attempt_at: iso(at), window_start: iso(at) },
  }));
}

function toSubmission(r: Selectable<Tables["submissions"]>, readJson: Dialect["readJson"]): StoredSubmission {
  const p = readJson(r.payload);
  const createdAt = time(r.created_at);
  return {
    id: r.id,
    kind: r.kind as FormKind,
    payload: p !== null && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : { value: p },
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt,
    reference: referenceFor(r.id, createdAt),
    reasons: r.reasons === null ? null : readJson(r.reasons),
    source: r.source === null ? {} : (readJson(r.source) as LeadSource),
  };
}

/** A write waiting for the next transaction: an enquiry to insert (insertAll), or other work. */
type Write = ({ submission: NewSubmission & { createdAt: Date } } | { work: (trx: Kysely<Tables>) => Promise<unknown> }) & {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
/** The most writes one transaction takes: well within SQLite's limit of bound values a statement. */
const MAX_WRITES = 200;

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openStore(config: StoreLocation, options: OpenOptions = {}): Promise<EnquiryStore> {
  return EnquiryStore.open(config, options);
}

export class EnquiryStore implements RepeatLedger {
  readonly kind: "sqlite" | "postgres";
  /** Where the enquiries are kept, for logs and messages; never holds a password. */
  readonly location: string;
  private readonly dialect: Dialect;
  private readonly db: Kysely<Tables>;
  private readonly readonly: boolean;
  /** Honeypot hits not yet written, by day and form. */
  private spam = new Map<string, { day: string; kind: FormKind; hits: number; lastAt: Date }>();
  /** Writes waiting for the transaction after the one under way (`committing`). */
  private waiting: Write[] = [];
  private committing: Promise<void> | undefined;
  /** countRecent's questions asked in one turn of the event loop (each post asks one), answered together. */
  private readonly repeats = new DataLoader((asked: readonly RepeatQuestion[]) => this.countRepeats(asked), {
    cache: false,
    batchScheduleFn: (run) => setImmediate(run),
    maxBatchSize: MAX_WRITES,
  });
  private closed = false;
  /**
   * The last write the store could not take (real time), until a later one changed a row: a write
   * that changes nothing needs no disk, so it proves nothing (for /healthz).
   */
  get lastWriteFailure(): { message: string; at: Date } | undefined {
    return this.writeFailure;
  }
  private writeFailure: { message: string; at: Date } | undefined;

  /** Opens the database and migrates it (read-only: checks it is migrated). */
  static async open(config: StoreLocation, options: OpenOptions = {}): Promise<EnquiryStore> {
    const dialect = openDialect(config, options);
    const store = new EnquiryStore(dialect, options.readonly ?? false);
    try {
      await store.guard(() => (options.readonly ? checkMigrated(dialect) : migrate(dialect)));
    } catch (error) {
      await dialect.destroy();
      if (!(error instanceof StorageError)) throw error;
      throw new StorageError(`${dialect.name === "postgres" ? "PostgreSQL at " : ""}${dialect.location} cannot be used: ${error.message}`);
    }
    return store;
  }

  private constructor(dialect: Dialect, readonly: boolean) {
    this.dialect = dialect;
    this.db = dialect.db;
    this.kind = dialect.name;
    this.location = dialect.location;
    this.readonly = readonly;
  }

  /** Why writes are refused until a restart (the SQLite file was deleted or replaced), or undefined. */
  get lost(): string | undefined {
    return this.dialect.lost;
  }

  /** The migrations applied, in order: the last one is the schema's version. */
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
      const { message, code } = error as Error & { code?: unknown };
      throw new StorageError(typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message);
    }
  }

  /**
   * A write, in a write transaction. Writes that come while one commits share the next (group
   * commit): one disk sync for all of them, on SQLite's one connection and on PostgreSQL alike, and
   * each resolves only once that commit is done. Refused while the SQLite file is lost.
   * `oneStatement`: the work is one statement, which PostgreSQL runs at once by itself
   * (Dialect.roundTrips): it commits many at a time of its own accord. `changed`: whether
   * the result shows a row changed, which clears lastWriteFailure.
   */
  private async write<T>(work: (trx: Kysely<Tables>) => Promise<T>, oneStatement = false, changed: (result: T) => boolean = () => false): Promise<T> {
    const result = await (oneStatement && this.dialect.roundTrips
      ? this.guard(() => work(this.db)).catch((error: unknown) => {
          this.noteFailure(error);
          throw error;
        })
      : this.enqueue({ work }));
    if (changed(result)) this.writeFailure = undefined;
    return result;
  }

  private noteFailure(error: unknown): void {
    if (error instanceof StorageError) this.writeFailure = { message: error.message, at: new Date() };
  }

  private enqueue<T>(write: { submission: NewSubmission & { createdAt: Date } } | { work: (trx: Kysely<Tables>) => Promise<T> }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ ...write, resolve: resolve as (value: unknown) => void, reject });
      this.committing ??= this.commitWaiting();
    });
  }

  private async commitWaiting(): Promise<void> {
    // SQLite's commit blocks the event loop while it syncs, so nothing would arrive during it to
    // share the next one: before each commit, the writes of everything one turn of the loop brings
    // are awaited.
    do {
      await new Promise((resolve) => setImmediate(resolve));
      await this.commit(this.waiting.splice(0, MAX_WRITES));
    } while (this.waiting.length > 0);
    this.committing = undefined;
  }

  /** Commits `writes` in one transaction; when one of them fails, the others are each tried again alone. */
  private async commit(writes: Write[]): Promise<void> {
    let results: unknown[];
    try {
      const lost = this.lost;
      if (lost) throw new StorageError(`${lost}; restart it to open the current file`);
      const submissions = writes.flatMap((w) => ("submission" in w ? [w.submission] : []));
      results = await this.guard(() =>
        this.dialect.roundTrips && submissions.length === writes.length
          ? this.insertAll(this.db, submissions)
          : this.db.transaction().execute(async (trx) => {
              const ids = await this.insertAll(trx, submissions);
              const done = [];
              for (const w of writes) done.push("submission" in w ? ids.shift() : await w.work(trx));
              return done;
            }),
      );
    } catch (error) {
      this.noteFailure(error);
      if (writes.length === 1 || error instanceof StorageError) for (const { reject } of writes) reject(error);
      else for (const write of writes) await this.commit([write]);
      return;
    }
    writes.forEach(({ resolve }, i) => resolve(results[i]));
  }

  /**
   * Stores an enquiry with its deliveries (none while quarantined). With `challenge`, claims its
   * nonce in the same transaction, so every instance agrees that a challenge is good for one post;
   * rejects with ReplayedError when an earlier post claimed it and it has not expired.
   */
  async insertSubmission(s: NewSubmission): Promise<number> {
    if (!FORM_KINDS.includes(s.kind)) throw new Error(`no form "${s.kind}" (the forms: ${FORM_KINDS.join(", ")})`);
    const id = await this.enqueue<number | undefined>({ submission: { ...s, createdAt: s.createdAt ?? new Date() } });
    this.writeFailure = undefined;
    if (id === undefined) throw new ReplayedError("the proof of work was already used by an earlier post");
    return id;
  }

  /**
   * Inserts enquiries with one statement a table, however many: the challenges' nonces, then the
   * submissions whose nonce was claimed here first (the others are undefined in the result), then
   * their deliveries.
   */
  private async insertAll(trx: Kysely<Tables>, list: Array<NewSubmission & { createdAt: Date }>): Promise<Array<number | undefined>> {
    if (list.length === 0) return [];
    if (this.dialect.roundTrips) return this.insertAllInOneStatement(trx, list);
    const claimed = new Set<string>();
    const challenges = uniqueChallenges(list);
    if (challenges.size > 0) {
      const rows = await trx
        .insertInto("altcha_nonces")
        .values([...challenges].map(([nonce, expires_at]) => ({ nonce, expires_at })))
        .onConflict((oc) =>
          oc
            .column("nonce")
            .doUpdateSet({ expires_at: sql`excluded.expires_at` })
            .where("altcha_nonces.expires_at", "<=", iso(new Date())),
        )
        .returning("nonce")
        .execute();
      for (const { nonce } of rows) claimed.add(nonce);
    }
    const kept = list.flatMap((s, i) => (!s.challenge || claimed.delete(s.challenge.nonce) ? [{ s, i }] : []));
    const ids: Array<number | undefined> = list.map(() => undefined);
    if (kept.length === 0) return ids;
    const rows = await trx
      .insertInto("submissions")
      .values(kept.map(({ s }) => submissionRow(s)))
      .returning("id")
      .execute();
    // Ids are given in the order the rows are listed, whatever order RETURNING lists them in.
    const given = rows.map((r) => r.id).sort((a, b) => a - b);
    kept.forEach(({ i }, k) => (ids[i] = given[k]));
    const deliveries = kept.flatMap(({ s }, k) => deliveryRows(given[k]!, deliveriesOf(s), s.createdAt));
    if (deliveries.length > 0) await trx.insertInto("deliveries").values(deliveries).execute();
    return ids;
  }

  /**
   * insertAll on PostgreSQL: the nonces, the submissions and their deliveries in one statement
   * (INSERTs inside WITH), atomic by itself, so a batch of enquiries commits in one round trip
   * instead of four (BEGIN, submissions, deliveries, COMMIT). The same rules as above: a post is
   * kept when it has no challenge, or its nonce was claimed here and it is the batch's first post
   * with that nonce; the submissions get their ids in the list's order. Each table's rows go as
   * one JSON parameter (json_to_recordset): the statement's text is the same for any batch, and
   * building it costs nothing a post.
   */
  private async insertAllInOneStatement(db: Kysely<Tables>, list: Array<NewSubmission & { createdAt: Date }>): Promise<Array<number | undefined>> {
    const { time, json } = this.dialect.types;
    const challenges = [...uniqueChallenges(list)].map(([nonce, expires_at]) => ({ nonce, expires_at }));
    const posts = list.map((s, k) => ({ k, nonce: s.challenge?.nonce ?? null, ...submissionRow(s) }));
    const deliveries = list.flatMap((s, k) => deliveriesOf(s).map((d) => ({ k, kind: d.kind, target: d.target ?? null, payload: deliveryPayload(d) })));
    // Every value arrives as text; the time and JSON columns are cast where they are inserted.
    const types: Record<string, string> = { payload: json, created_at: time, reasons: json, source: json };
    const columns = Object.keys(posts[0]!).filter((c) => c !== "k" && c !== "nonce");
    const names = sql.raw(columns.join(", "));
    const values = sql.raw(columns.map((c) => (types[c] ? `${c}::${types[c]}` : c)).join(", "));
    const { rows: made } = await sql<{ id: number; k: number }>`WITH ${
      challenges.length > 0
        ? sql`claimed AS (INSERT INTO altcha_nonces (nonce, expires_at)
              SELECT nonce, expires_at::${sql.raw(time)} FROM json_to_recordset(${JSON.stringify(challenges)}) AS c (nonce text, expires_at text)
              ON CONFLICT (nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE altcha_nonces.expires_at <= ${iso(new Date())} RETURNING nonce),`
        : sql``
    }
      posts AS (SELECT * FROM json_to_recordset(${JSON.stringify(posts)}) AS p (k integer, nonce text, ${sql.raw(columns.map((c) => `${c} text`).join(", "))})),
      kept AS (SELECT posts.*, row_number() OVER (ORDER BY k) AS r FROM posts
        WHERE nonce IS NULL${challenges.length > 0 ? sql` OR (nonce IN (SELECT nonce FROM claimed) AND k = (SELECT min(k) FROM posts p WHERE p.nonce = posts.nonce))` : sql``}),
      inserted AS (INSERT INTO submissions (${names}) SELECT ${values} FROM kept ORDER BY r RETURNING id),
      ids AS (SELECT id, k FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM inserted) i JOIN kept USING (r))${
        deliveries.length > 0
          ? sql`, queued AS (INSERT INTO deliveries (submission_id, kind, target, payload, next_attempt_at, window_start)
              SELECT ids.id, d.kind, d.target, d.payload::${sql.raw(json)}, kept.created_at::${sql.raw(time)}, kept.created_at::${sql.raw(time)}
              FROM ids JOIN kept USING (k) JOIN json_to_recordset(${JSON.stringify(deliveries)}) AS d (k integer, kind text, target text, payload text) USING (k))`
          : sql``
      }
      SELECT id, k FROM ids`.execute(db);
    const ids: Array<number | undefined> = list.map(() => undefined);
    for (const { id, k } of made) ids[k] = id;
    return ids;
  }

  /**
   * Counts a honeypot hit: one row a day and form, whatever the bot sent. Counted in memory and
   * written by flushSpam(), so a flood of bot posts costs no disk sync each; a crash loses at
   * most the count since the last flush, never an enquiry.
   */
  recordSpam(kind: FormKind, at: Date = new Date()): void {
    const day = iso(at).slice(0, 10);
    const entry = this.spam.get(`${day} ${kind}`) ?? { day, kind, hits: 0, lastAt: at };
    this.spam.set(`${day} ${kind}`, { ...entry, hits: entry.hits + 1, lastAt: at });
  }

  /** Writes the pending counts; if that fails they are kept, with the hits counted meanwhile, for the next flush. */
  async flushSpam(): Promise<void> {
    if (this.spam.size === 0) return;
    const taken = this.spam;
    this.spam = new Map();
    try {
      await this.write(
        (trx) =>
          trx
            .insertInto("spam_hits")
            .values([...taken.values()].map((e) => ({ day: e.day, kind: e.kind, hits: e.hits, last_at: iso(e.lastAt) })))
            .onConflict((oc) =>
              oc.columns(["day", "kind"]).doUpdateSet({
                hits: sql`spam_hits.hits + excluded.hits`,
                last_at: sql`CASE WHEN excluded.last_at > spam_hits.last_at THEN excluded.last_at ELSE spam_hits.last_at END`,
              }),
            )
            .execute(),
        true,
        () => true,
      );
    } catch (error) {
      for (const [key, e] of taken) this.spam.set(key, { ...e, hits: e.hits + (this.spam.get(key)?.hits ?? 0) });
      throw error;
    }
  }

  /** Honeypot hits by day (YYYY-MM-DD, UTC) and form. */
  async spamCounts(): Promise<Array<{ day: string; kind: FormKind; hits: number }>> {
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
    if (filter.kinds?.length === 0) return [];
    // Written with the sql tag, not the builder: building this query cost more than running it.
    const claim = sql<ClaimedRow>`UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ${iso(new Date(now.getTime() + leaseMs))}
      WHERE id IN (SELECT id FROM deliveries WHERE ${pending(filter)} AND next_attempt_at <= ${iso(now)}
        ORDER BY next_attempt_at, id LIMIT ${limit} ${sql.raw(this.dialect.claimLock)})
      RETURNING id, submission_id, kind, target, payload, attempts, window_start`;
    const job = (d: ClaimedRow, submission: StoredSubmission): DeliveryJob => ({
      ...{ id: d.id, kind: d.kind, target: d.target, attempts: d.attempts, payload: this.dialect.readJson(d.payload) },
      ...{ windowStart: time(d.window_start), submission },
    });
    let jobs: DeliveryJob[];
    if (this.dialect.roundTrips) {
      // The claim and its submissions in one statement: one round trip.
      const { rows } = await this.write(
        (db) =>
          sql<ClaimedRow & Selectable<Tables["submissions"]> & { d_id: number; d_kind: string; d_payload: unknown }>`WITH claimed AS (${claim})
            SELECT s.*, c.id AS d_id, c.kind AS d_kind, c.payload AS d_payload, c.submission_id, c.target, c.attempts, c.window_start
            FROM claimed c JOIN submissions s ON s.id = c.submission_id`.execute(db),
        true,
        (claimed) => claimed.rows.length > 0,
      );
      jobs = rows.map((r) => job({ ...r, id: r.d_id, kind: r.d_kind, payload: r.d_payload }, toSubmission(r, this.dialect.readJson)));
    } else {
      const { rows } = await this.write(
        (db) => claim.execute(db),
        true,
        (claimed) => claimed.rows.length > 0,
      );
      if (rows.length === 0) return [];
      const ids = [...new Set(rows.map((r) => r.submission_id))];
      const submissions = await this.guard(() => this.db.selectFrom("submissions").selectAll().where("id", "in", ids).execute());
      const byId = new Map(submissions.map((r) => [r.id, toSubmission(r, this.dialect.readJson)]));
      jobs = rows.map((r) => job(r, byId.get(r.submission_id)!));
    }
    return jobs.sort((a, b) => a.id - b.id);
  }

  /** Records a delivery as made; a late retry or failure of it changes nothing afterwards. */
  markSent(id: number, outcome: string | undefined, at: Date = new Date()): Promise<void> {
    return this.update(id, { sent_at: iso(at), outcome: outcome ?? null, last_error: null });
  }

  markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    return this.update(id, { last_error: error, next_attempt_at: iso(nextAttemptAt) });
  }

  markFailed(id: number, error: string, at: Date = new Date()): Promise<void> {
    return this.update(id, { last_error: error, failed_at: iso(at) });
  }

  /** Changes a delivery; one not yet made, unless the change records it as made. */
  private async update(id: number, set: Updateable<Tables["deliveries"]>): Promise<void> {
    const made = set.sent_at !== undefined;
    await this.write(
      (trx) =>
        trx
          .updateTable("deliveries")
          .set(set)
          .where("id", "=", id)
          .$if(!made, (q) => q.where("sent_at", "is", null))
          .execute(),
      true,
      (results) => results.some((r) => r.numUpdatedRows > 0n),
    );
  }

  /**
   * Makes failed deliveries due again, each with a fresh retry window: all of them, or those of the
   * given submissions. Resolves to the submission ids requeued, ascending.
   */
  async requeue(which: "failed" | readonly number[], now: Date = new Date()): Promise<number[]> {
    if (which !== "failed" && which.length === 0) return [];
    const rows = await this.write(
      (trx) =>
        trx
          .updateTable("deliveries")
          .set({ failed_at: null, attempts: 0, next_attempt_at: iso(now), window_start: iso(now) })
          .where("failed_at", "is not", null)
          .where("sent_at", "is", null)
          .$if(which !== "failed", (q) => q.where("submission_id", "in", which as readonly number[]))
          .returning("submission_id")
          .execute(),
      true,
    );
    return [...new Set(rows.map((r) => r.submission_id))].sort((a, b) => a - b);
  }

  /**
   * Removes enquiries delivered and received over `retentionDays` ago (with their deliveries),
   * quarantined ones held over QUARANTINE_DAYS, older honeypot counters and expired ALTCHA nonces.
   * Resolves to how many enquiries, quarantined ones and daily counters went.
   */
  async purge(now: Date, retentionDays: number, spamDays = 7): Promise<{ enquiries: number; quarantined: number; spamDays: number }> {
    await this.flushSpam();
    const before = (days: number) => iso(new Date(now.getTime() - days * DAY_MS));
    return this.write(async (trx) => {
      const enquiries = await trx
        .deleteFrom("submissions as s")
        .where(STATUS, "=", "sent")
        .where("s.created_at", "<", before(retentionDays))
        .executeTakeFirst();
      const quarantined = await trx
        .deleteFrom("submissions")
        .where("state", "=", "quarantined")
        .where("created_at", "<", before(QUARANTINE_DAYS))
        .executeTakeFirst();
      const spam = await trx.deleteFrom("spam_hits").where("day", "<", before(spamDays).slice(0, 10)).executeTakeFirst();
      await trx.deleteFrom("altcha_nonces").where("expires_at", "<=", iso(now)).execute();
      return { enquiries: Number(enquiries.numDeletedRows), quarantined: Number(quarantined.numDeletedRows), spamDays: Number(spam.numDeletedRows) };
    });
  }

  /** RepeatLedger: earlier enquiries (quarantined ones too) with this message fingerprint since `since`. */
  countRecent(fingerprint: string, email: string, since: Date): Promise<RepeatCount> {
    const question = { fingerprint, email: lower(email), since };
    return this.dialect.roundTrips ? this.repeats.load(question) : this.countRepeats([question]).then(([count]) => count!);
  }

  /** countRecent's answers to several questions, in one query (Dialect.roundTrips). */
  private async countRepeats(asked: readonly RepeatQuestion[]): Promise<RepeatCount[]> {
    const { time } = this.dialect.types;
    const questions = asked.map((q, k) => sql`(${cast(k, "integer")}, ${q.fingerprint}, ${q.email}, ${cast(iso(q.since), time)})`);
    const { rows } = await this.guard(() =>
      sql<{ k: number; same: number | string; others: number | string }>`WITH q (k, fingerprint, email, since) AS (VALUES ${sql.join(questions)})
        SELECT q.k, COUNT(CASE WHEN s.email = q.email THEN 1 END) AS same, COUNT(DISTINCT CASE WHEN s.email <> q.email THEN s.email END) AS others
        FROM q LEFT JOIN submissions s ON s.message_fingerprint = q.fingerprint AND s.created_at >= q.since GROUP BY q.k`.execute(this.db),
    );
    const counts = asked.map(() => ({ sameSender: 0, otherSenders: 0 }));
    for (const r of rows) counts[Number(r.k)] = { sameSender: Number(r.same), otherSenders: Number(r.others) };
    return counts;
  }

  /** Receipts queued for enquiries from this receipt key since `since` (receipt.ts's daily limit). */
  async receiptsSince(receiptKey: string, since: Date): Promise<number> {
    const row = await this.guard(() =>
      this.db
        .selectFrom("deliveries as d")
        .innerJoin("submissions as s", "s.id", "d.submission_id")
        .where("d.kind", "=", "receipt")
        .where("s.receipt_key", "=", receiptKey)
        .where("s.created_at", ">=", iso(since))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst(),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Sends a quarantined enquiry on: it becomes accepted and `deliveries` are queued, due now.
   * False when there is no quarantined enquiry `id` (never was, already released, or purged).
   */
  async release(id: number, deliveries: readonly NewDelivery[], now: Date = new Date()): Promise<boolean> {
    return this.write(async (trx) => {
      const released = await trx
        .updateTable("submissions")
        .set({ state: "accepted" })
        .where("id", "=", id)
        .where("state", "=", "quarantined")
        .executeTakeFirst();
      if (Number(released.numUpdatedRows) === 0) return false;
      if (deliveries.length > 0)
        await trx
          .insertInto("deliveries")
          .values(deliveryRows(id, deliveries, now))
          .execute();
      return true;
    });
  }

  /**
   * Removes every enquiry sent from `email` (any case), with its deliveries, leaving no copy in the
   * database's log (Dialect.forgetDeleted); counts those deliveries not yet made.
   */
  async erase(email: string): Promise<{ enquiries: number; pendingDeliveries: number }> {
    const removed = await this.write(async (trx) => {
      const ids = trx.selectFrom("submissions").select("id").where("email", "=", lower(email));
      const pendingRow = await trx
        .selectFrom("deliveries")
        .where(pending({}))
        .where("submission_id", "in", ids)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      await trx.deleteFrom("deliveries").where("submission_id", "in", ids).execute();
      const removed = await trx.deleteFrom("submissions").where("email", "=", lower(email)).executeTakeFirst();
      return { enquiries: Number(removed.numDeletedRows), pendingDeliveries: Number(pendingRow?.n ?? 0) };
    });
    await this.guard(() => this.dialect.forgetDeleted());
    return removed;
  }

  /** Earliest next_attempt_at of the deliveries still to make. */
  async nextDueAt(filter: DueFilter = {}): Promise<Date | undefined> {
    if (filter.kinds?.length === 0) return undefined;
    const row = await this.guard(() =>
      this.db
        .selectFrom("deliveries")
        .select((eb) => eb.fn.min("next_attempt_at").as("due"))
        .where(pending(filter))
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
      const kind = { queued: Number(r.queued), oldestQueuedAt: r.oldest === null ? undefined : time(r.oldest as Date | string), failed: Number(r.failed) };
      stats.byKind[r.kind] = kind;
      stats.queued += kind.queued;
      stats.failed += kind.failed;
      if (kind.oldestQueuedAt && !(stats.oldestQueuedAt && stats.oldestQueuedAt <= kind.oldestQueuedAt)) stats.oldestQueuedAt = kind.oldestQueuedAt;
    }
    return stats;
  }

  async get(id: number): Promise<SubmissionRow | undefined> {
    return (await this.list({}, id))[0];
  }

  /** Submissions with their deliveries, oldest first. */
  async list(filter: ListFilter = {}, id?: number): Promise<SubmissionRow[]> {
    const { kind, status, since, email } = filter;
    const chosen = this.db
      .selectFrom("submissions as s")
      .$if(kind !== undefined, (q) => q.where("s.kind", "=", kind!))
      .$if(status !== undefined, (q) => q.where(STATUS, "=", status!))
      .$if(since !== undefined, (q) => q.where("s.created_at", ">=", iso(since!)))
      .$if(email !== undefined, (q) => q.where("s.email", "=", lower(email!)))
      .$if(id !== undefined, (q) => q.where("s.id", "=", id!));
    const submissions = await this.submissions(chosen);
    const rows = await this.guard(() =>
      this.db.selectFrom("deliveries").selectAll().where("submission_id", "in", chosen.select("s.id")).orderBy("id").execute(),
    );
    const result = new Map([...submissions].map(([key, s]) => [key, { ...s, deliveries: [] as DeliveryState[] }]));
    for (const d of rows) {
      result.get(d.submission_id)?.deliveries.push({
        ...{ id: d.id, kind: d.kind, target: d.target, attempts: d.attempts, lastError: d.last_error, outcome: d.outcome },
        ...{ nextAttemptAt: time(d.next_attempt_at), sentAt: maybeTime(d.sent_at), failedAt: maybeTime(d.failed_at) },
      });
    }
    return [...result.values()];
  }

  /** The submissions `query` picks, by id in id order. */
  private async submissions(query: SelectQueryBuilder<Tables & { s: Tables["submissions"] }, "s", object>): Promise<Map<number, Submission>> {
    const rows = await this.guard(() => query.selectAll("s").select(STATUS.as("status")).orderBy("s.id").execute());
    return new Map(rows.map((r) => [r.id, { ...toSubmission(r, this.dialect.readJson), status: r.status as SubmissionStatus }]));
  }

  /** A consistent copy taken while the server keeps writing, to a new file `dest`. */
  backupTo(dest: string): Promise<void> {
    return this.dialect.backupTo(dest);
  }

  /** Writes pending honeypot counts, lets the writes under way finish, and lets go of the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.readonly) await this.flushSpam();
    } finally {
      await this.committing;
      this.closed = true;
      await this.db.destroy();
    }
  }
}
