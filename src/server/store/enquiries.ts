/**
 * The enquiry store: submissions with their deliveries (deliveries.ts), honeypot counters and
 * single-use tokens. insertSubmission commits the submission and its deliveries together before it
 * resolves, so an answered enquiry survives a crash.
 */
import { sql } from "kysely";
import { FORM_KINDS, type FormKind } from "../../forms/kinds.generated.ts";
import { checkMigrated, migrate } from "../database/migrate.ts";
import { DAY_MS } from "../env.ts";
import { dayIn } from "../site-time.ts";
import { StorageError, type OpenOptions, type StoreLocation } from "../database/index.ts";
import { openPostgres } from "../database/postgres.ts";
import { openSqlite } from "../database/sqlite.ts";
import { CONFIRMED_SPAM_DAYS, QUARANTINE_DAYS, ReplayedError, iso, lower, time } from "./core.ts";
import type { DeliveryState, NewSubmission, SubmissionRow, SubmissionStatus } from "./core.ts";
import { queueDeliveries } from "./deliveries.ts";
import { ReviewStore } from "./reviews.ts";
import { AnalyticsStore } from "../analytics/store.ts";

/** A submission's status from its deliveries (`s` is the submission): one expression, to read and to filter by. */
const unsent = (failed: "NOT NULL" | "NULL") =>
  sql`EXISTS (SELECT 1 FROM deliveries x WHERE x.submission_id = s.id AND x.sent_at IS NULL AND x.failed_at IS ${sql.raw(failed)})`;
const STATUS = sql<SubmissionStatus>`CASE WHEN s.state = 'quarantined' THEN 'quarantined'
  WHEN ${unsent("NOT NULL")} THEN 'failed' WHEN ${unsent("NULL")} THEN 'queued' ELSE 'sent' END`;
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Which submissions list() reads; `digest`: those that digest listed. */
export type ListFilter = { kind?: FormKind; status?: SubmissionStatus; since?: Date; email?: string; digest?: number; ids?: readonly number[] };

export class EnquiryStore extends ReviewStore {
  /** Page views, sources and Web Vitals, in the same database (src/server/analytics/). */
  readonly analytics = new AnalyticsStore(this.db, (value) => this.database.readJson(value));

  /** Opens PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR, and migrates it (read-only: checks it is migrated). */
  static async open(config: StoreLocation & { timeZone?: string }, options: OpenOptions = {}): Promise<EnquiryStore> {
    const database = config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(config.dataDir, options);
    const store = new EnquiryStore(database, config.timeZone);
    try {
      await (options.readonly ? checkMigrated(database) : migrate(database));
    } catch (error) {
      await database.destroy();
      if (!(error instanceof StorageError)) throw error;
      throw new StorageError(`${database.name === "postgres" ? "PostgreSQL at " : ""}${database.location} cannot be used: ${error.message}`);
    }
    return store;
  }

  /**
   * Stores an enquiry with its deliveries (none while quarantined). With `tokens`, claims them in
   * the same transaction, so every instance agrees that a token is good for one enquiry; rejects
   * with ReplayedError when an earlier post claimed one and it has not expired.
   */
  async insertSubmission(s: NewSubmission): Promise<number> {
    if (!FORM_KINDS.includes(s.kind)) throw new Error(`no form "${s.kind}" (the forms: ${FORM_KINDS.join(", ")})`);
    const at = s.createdAt ?? new Date();
    const tokens = (s.tokens ?? []).map((t) => ({ token: t.token, expires_at: iso(t.expiresAt) }));
    const submission = {
      ...{ kind: s.kind, payload: JSON.stringify(s.payload), ip: s.ip ?? null, user_agent: s.userAgent ?? null, created_at: iso(at) },
      ...{
        state: s.quarantine ? "quarantined" : "accepted",
        reasons: json(s.quarantine?.reasons),
        source: json(s.source && Object.keys(s.source).length > 0 ? s.source : undefined),
      },
      ...{ message_fingerprint: s.fingerprint ?? null, email: s.email ? lower(s.email) : null, receipt_key: s.receiptKey ?? null },
    };
    return this.db.transaction().execute(async (trx) => {
      if (tokens.length > 0) {
        // A token claimed before, but expired since, is claimed again.
        const claimed = await trx
          .insertInto("used_tokens")
          .values(tokens)
          .onConflict((oc) =>
            oc
              .column("token")
              .doUpdateSet({ expires_at: sql`excluded.expires_at` })
              .where("used_tokens.expires_at", "<=", iso(new Date())),
          )
          .returning("token")
          .execute();
        const reused = tokens.filter((t) => !claimed.some((c) => c.token === t.token)).map((t) => t.token);
        if (reused.length > 0) throw new ReplayedError(reused);
      }
      const { id } = await trx.insertInto("submissions").values(submission).returning("id").executeTakeFirstOrThrow();
      await queueDeliveries(trx, id, s.quarantine ? [] : (s.deliveries ?? [{ kind: "sales-mail" }]), at);
      return id;
    });
  }

  /** Counts a honeypot hit: one row a day (the business's, SITE_TIME_ZONE) and form, whatever the bot sent. */
  async recordSpam(kind: FormKind, at: Date = new Date()): Promise<void> {
    const latest = sql<string>`CASE WHEN excluded.last_at > spam_hits.last_at THEN excluded.last_at ELSE spam_hits.last_at END`;
    const hit = { day: dayIn(at, this.timeZone), kind, hits: 1, last_at: iso(at) };
    await this.db
      .insertInto("spam_hits")
      .values(hit)
      .onConflict((oc) => oc.columns(["day", "kind"]).doUpdateSet({ hits: sql`spam_hits.hits + 1`, last_at: latest }))
      .execute();
  }

  /** Honeypot hits by day (YYYY-MM-DD in SITE_TIME_ZONE) and form. */
  async spamCounts(): Promise<Array<{ day: string; kind: FormKind; hits: number }>> {
    const rows = await this.db.selectFrom("spam_hits").select(["day", "kind", "hits"]).orderBy("day").orderBy("kind").execute();
    return rows.map((r) => ({ day: r.day, kind: r.kind as FormKind, hits: Number(r.hits) }));
  }

  /**
   * Removes enquiries delivered and received over `retentionDays` ago (with their deliveries), and
   * digest and summary mails sent as long ago; held ones after QUARANTINE_DAYS, confirmed spam
   * CONFIRMED_SPAM_DAYS after it was confirmed; honeypot counters after `spamDays`; expired tokens.
   */
  async purge(now: Date, retentionDays: number, spamDays = 7): Promise<{ enquiries: number; quarantined: number; spamDays: number }> {
    const before = (days: number) => iso(new Date(now.getTime() - days * DAY_MS));
    const gone = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    return this.db.transaction().execute(async (trx) => {
      const held = trx.deleteFrom("submissions").where("state", "=", "quarantined");
      const enquiries = await trx
        .deleteFrom("submissions as s")
        .where(STATUS, "=", "sent")
        .where("s.created_at", "<", before(retentionDays))
        .executeTakeFirst();
      const unreleased = await held.where("created_at", "<", before(QUARANTINE_DAYS)).executeTakeFirst();
      const spam = await held.where("review", "=", "spam").where("reviewed_at", "<", before(CONFIRMED_SPAM_DAYS)).executeTakeFirst();
      const counters = await trx
        .deleteFrom("spam_hits")
        .where("day", "<", dayIn(new Date(now.getTime() - spamDays * DAY_MS), this.timeZone))
        .executeTakeFirst();
      await trx.deleteFrom("used_tokens").where("expires_at", "<=", iso(now)).execute();
      await trx.deleteFrom("deliveries").where("submission_id", "is", null).where("sent_at", "<", before(retentionDays)).execute();
      return { enquiries: gone(enquiries), quarantined: gone(unreleased) + gone(spam), spamDays: gone(counters) };
    });
  }

  /** spam/repeat.ts's RepeatLedger: earlier enquiries (held ones too) with this message fingerprint since `since`. */
  async countRecent(fingerprint: string, email: string, since: Date): Promise<{ sameSender: number; otherSenders: number }> {
    const address = lower(email);
    const row = await this.db
      .selectFrom("submissions")
      .where("message_fingerprint", "=", fingerprint)
      .where("created_at", ">=", iso(since))
      .select((eb) => [
        eb.fn.count<number>(eb.case().when("email", "=", address).then(1).end()).as("same"),
        eb.fn
          .count<number>(eb.case().when("email", "<>", address).then(eb.ref("email")).end())
          .distinct()
          .as("others"),
      ])
      .executeTakeFirst();
    return { sameSender: Number(row?.same ?? 0), otherSenders: Number(row?.others ?? 0) };
  }

  /** Receipts queued for enquiries from this receipt key since `since` (receipt.ts's daily limit). */
  async receiptsSince(receiptKey: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom("deliveries as d")
      .innerJoin("submissions as s", "s.id", "d.submission_id")
      .where("d.kind", "=", "receipt")
      .where("s.receipt_key", "=", receiptKey)
      .where("s.created_at", ">=", iso(since))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes every enquiry sent from `email` (any case), with its deliveries; counts those deliveries not yet made. */
  async erase(email: string): Promise<{ enquiries: number; pendingDeliveries: number }> {
    const erased = await this.db.transaction().execute(async (trx) => {
      // A write first, so the transaction never upgrades a read lock (database/sqlite.ts).
      const ids = trx.selectFrom("submissions").select("id").where("email", "=", lower(email));
      const gone = await trx.deleteFrom("deliveries").where("submission_id", "in", ids).returning(["sent_at", "failed_at"]).execute();
      const removed = await trx.deleteFrom("submissions").where("email", "=", lower(email)).executeTakeFirst();
      return { enquiries: Number(removed.numDeletedRows), pendingDeliveries: gone.filter((d) => d.sent_at === null && d.failed_at === null).length };
    });
    // No copy left in the database's log either.
    await this.database.forgetDeleted();
    return erased;
  }

  async get(id: number): Promise<SubmissionRow | undefined> {
    return (await this.list({}, id))[0];
  }

  /** Submissions with their deliveries, oldest first. */
  async list({ kind, status, since, email, digest, ids }: ListFilter = {}, id?: number): Promise<SubmissionRow[]> {
    const chosen = this.db
      .selectFrom("submissions as s")
      .$if(kind !== undefined, (q) => q.where("s.kind", "=", kind!))
      .$if(status !== undefined, (q) => q.where(STATUS, "=", status!))
      .$if(since !== undefined, (q) => q.where("s.created_at", ">=", iso(since!)))
      .$if(email !== undefined, (q) => q.where("s.email", "=", lower(email!)))
      .$if(digest !== undefined, (q) => q.where("s.digest_id", "=", digest!))
      .$if(ids !== undefined, (q) => (ids!.length > 0 ? q.where("s.id", "in", ids!) : q.where(sql<boolean>`1 = 0`)))
      .$if(id !== undefined, (q) => q.where("s.id", "=", id!));
    const [submissions, deliveries] = await Promise.all([
      chosen.selectAll("s").select(STATUS.as("status")).orderBy("s.id").execute(),
      this.db.selectFrom("deliveries").selectAll().where("submission_id", "in", chosen.select("s.id")).orderBy("id").execute(),
    ]);
    const rows = new Map(submissions.map((r) => [r.id, { ...this.toSubmission(r), status: r.status, deliveries: [] as DeliveryState[] }]));
    const maybeTime = (value: Date | string | null) => (value === null ? null : time(value));
    for (const d of deliveries)
      rows.get(d.submission_id!)?.deliveries.push({
        ...{ id: d.id, kind: d.kind, target: d.target, attempts: d.attempts, lastError: d.last_error, outcome: d.outcome },
        ...{ nextAttemptAt: time(d.next_attempt_at), sentAt: maybeTime(d.sent_at), failedAt: maybeTime(d.failed_at) },
      });
    return [...rows.values()];
  }
}
