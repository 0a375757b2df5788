/**
 * When the server sends the digest by itself: once a day, from DIGEST_HOUR in DIGEST_TIME_ZONE, if
 * enquiries were held since the last digest. Each instance looks every minute; the store's unique
 * day makes one digest a day between all the instances sharing a database.
 */
import type { Outbox } from "./outbox.ts";
import type { EnquiryStore } from "./store/index.ts";

/** The day (YYYY-MM-DD in `timeZone`) whose digest is due at `now`: today, once it is `hour` o'clock or later there. */
export function digestDay(now: Date, hour: number, timeZone: string): string | undefined {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(part.hour) < hour ? undefined : `${part.year}-${part.month}-${part.day}`;
}

export interface DigestSchedule {
  store: EnquiryStore;
  outbox: Outbox;
  hour: number;
  timeZone: string;
  now: () => number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Starts looking every minute; resolves `check` (for tests: look now) and `stop`. */
export function scheduleDigests(schedule: DigestSchedule): { check(): Promise<void>; stop(): void } {
  const { store, outbox, hour, timeZone, now, log } = schedule;
  let done: string | undefined;
  const check = async () => {
    const at = new Date(now());
    const day = digestDay(at, hour, timeZone);
    if (day === undefined || day === done) return;
    const made = await store.createDigest(day, at);
    done = day;
    if (made && made.held > 0) {
      log.info({ digest: made.id, held: made.held, day }, "digest of held enquiries queued");
      outbox.nudge();
    }
  };
  const timer = setInterval(() => check().catch((error: unknown) => log.error({ err: error }, "the digest could not be made")), 60_000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
