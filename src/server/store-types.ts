/**
 * What the server, the outbox and the CLI need from an enquiry store, whichever database holds it:
 * SQLite (store.ts, the default: one file, nothing to set up) or PostgreSQL (store-pg.ts, for
 * several server instances sharing one database). Both keep the same promises:
 *
 * - insertSubmission writes the submission and its outbox row in one transaction and resolves only
 *   once that is committed, so an answered enquiry survives a crash.
 * - claimDue hands each due row to one caller and moves it one lease ahead: a sender that dies
 *   mid-delivery leaves the row to come due again (at-least-once delivery).
 * - A write the store cannot take (disk full, database unreachable) rejects with StorageError,
 *   which the form answers with 503 and Retry-After.
 */
import type { FormKind } from "./validate.ts";

export type SubmissionStatus = "queued" | "sent" | "failed";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed"];

export interface NewSubmission {
  kind: FormKind;
  /** Stored as JSON: the validated (trimmed) form data. */
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt?: Date;
}

export interface Submission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  status: SubmissionStatus;
}

/** A claimed outbox row with its submission; `attempts` already counts the attempt being made. */
export interface OutboxJob extends Submission {
  attempts: number;
  /** When the current retry window began: the submission's arrival, or its last requeue. */
  windowStart: Date;
}

export interface SubmissionListRow extends Submission {
  attempts: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  messageId: string | null;
}

export interface ListFilter {
  kind?: FormKind | undefined;
  status?: SubmissionStatus | undefined;
  since?: Date | undefined;
}

export interface QueueStats {
  queued: number;
  oldestQueuedAt: Date | undefined;
  failed: number;
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

/** The store cannot take a write: disk full, file gone, database unreachable. Answered with 503. */
export class StorageError extends Error {
  override name = "StorageError";
}

export interface EnquiryStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the enquiries are kept, for logs and messages; never holds a password. */
  readonly location: string;
  /** Why writes are refused until a restart (the SQLite file was deleted or replaced), or undefined. */
  readonly lost: string | undefined;
  schemaVersion(): Promise<number>;
  /** Stores a submission and its outbox row in one transaction. Resolves to the id once committed. */
  insertSubmission(s: NewSubmission): Promise<number>;
  /**
   * Counts a honeypot hit: one row a day and form, whatever the bot sent. Counted in memory and
   * written by flushSpam(), so a flood of bot posts costs no disk sync each; a crash loses at
   * most the count since the last flush, never an enquiry.
   */
  recordSpam(kind: FormKind, at?: Date): void;
  flushSpam(): Promise<void>;
  spamCounts(): Promise<SpamCount[]>;
  /**
   * Claims up to `limit` due outbox rows for this caller alone: counts the attempt and moves
   * next_attempt_at `leaseMs` ahead, so a row whose sender dies comes due again. `exclude` names
   * rows this caller is still sending.
   */
  claimDue(now: Date, limit: number, leaseMs: number, exclude?: readonly number[]): Promise<OutboxJob[]>;
  markSent(id: number, messageId: string | undefined, at?: Date): Promise<void>;
  markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  markFailed(id: number, error: string, at?: Date): Promise<void>;
  /**
   * Sends failed messages again (all of them, or the given ids), each with a fresh retry window.
   * Resolves to the ids requeued, ascending; ids that are not failed are left alone.
   */
  requeue(which: "failed" | readonly number[], now?: Date): Promise<number[]>;
  /**
   * Removes delivered enquiries received more than `retentionDays` ago (the outbox row goes with
   * them) and honeypot counters older than `spamDays`.
   */
  purge(now: Date, retentionDays: number, spamDays?: number): Promise<PurgeResult>;
  /** Earliest next_attempt_at of the rows still to send, ignoring `exclude` (rows being sent). */
  nextDueAt(exclude?: readonly number[]): Promise<Date | undefined>;
  queueStats(): Promise<QueueStats>;
  get(id: number): Promise<SubmissionListRow | undefined>;
  list(filter?: ListFilter): Promise<SubmissionListRow[]>;
  /** A consistent copy taken while the server keeps writing, to a new file `dest`. */
  backupTo(dest: string): Promise<void>;
  /** Writes pending honeypot counts and lets go of the database. */
  close(): Promise<void>;
}

/** Honeypot hits not yet written, by day and form; shared by both stores. */
export class SpamTally {
  private readonly pending = new Map<string, { day: string; kind: FormKind; hits: number; lastAt: Date }>();

  add(kind: FormKind, at: Date): void {
    const day = at.toISOString().slice(0, 10);
    const entry = this.pending.get(`${day} ${kind}`) ?? { day, kind, hits: 0, lastAt: at };
    entry.hits += 1;
    entry.lastAt = at;
    this.pending.set(`${day} ${kind}`, entry);
  }

  /**
   * Hands the pending counts to `write` and forgets them; if the write fails they are kept for the
   * next flush. Taken before the write, so hits counted while it runs are not lost.
   */
  async flush(write: (entries: Array<{ day: string; kind: FormKind; hits: number; lastAt: Date }>) => Promise<void> | void): Promise<void> {
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

/** A database URL as it may be shown: the password (in the user part or a query) replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(/:[^@/?#]*@/, ":***@").replace(/([?&]password=)[^&#]*/gi, "$1***");
}
