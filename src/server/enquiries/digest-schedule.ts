/**
 * When the server mails sales by itself: the digest once a day, from DIGEST_HOUR in
 * SITE_TIME_ZONE, if enquiries were held since the last digest; the weekly summary on
 * SUMMARY_WEEKDAY from SUMMARY_HOUR. Each instance looks every minute; the store's unique day and
 * week make one of each between all the instances sharing a database.
 */
import { summaryWeek } from "../site-time.ts";
import type { Outbox } from "../outbox/worker.ts";
import type { EnquiryStore, SummaryWindow } from "../store/index.ts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** `now` as a clock in `timeZone` shows it. */
function local(now: Date, timeZone: string) {
  const format = new Intl.DateTimeFormat("en-CA", {
    ...{ timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short" },
    ...{ hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
  } as const);
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    ...{ day: `${part.year}-${part.month}-${part.day}`, weekday: WEEKDAYS.indexOf(part.weekday!) + 1 },
    ...{ hour: Number(part.hour), minute: Number(part.minute), second: Number(part.second) },
  };
}

/** The day (YYYY-MM-DD in `timeZone`) whose digest is due at `now`: today, once it is `hour` o'clock or later there. */
export function digestDay(now: Date, hour: number, timeZone: string): string | undefined {
  const at = local(now, timeZone);
  return at.hour < hour ? undefined : at.day;
}

/** The weekly summary due at `now` (on `weekday`, 1 = Monday, from `hour`): its day, and the 7 whole days before it (summaryWeek). */
export function summaryDue(now: Date, weekday: number, hour: number, timeZone: string): { week: string; window: SummaryWindow } | undefined {
  const at = local(now, timeZone);
  if (at.weekday !== weekday || at.hour < hour) return undefined;
  return { week: at.day, window: summaryWeek(at.day, timeZone) };
}

export interface DigestSchedule {
  store: EnquiryStore;
  outbox: Outbox;
  hour: number;
  timeZone: string;
  summaryWeekday: number;
  summaryHour: number;
  now: () => number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Starts looking every minute; returns `check` (for tests: look now) and `stop`. */
export function scheduleDigests(schedule: DigestSchedule): { check(): Promise<void>; stop(): void } {
  const { store, outbox, hour, timeZone, now, log } = schedule;
  let done: string | undefined;
  let summarised: string | undefined;
  const check = async () => {
    const at = new Date(now());
    const summary = summaryDue(at, schedule.summaryWeekday, schedule.summaryHour, timeZone);
    if (summary && summary.week !== summarised) {
      if (await store.createWeeklySummary(summary.week, summary.window, at)) {
        log.info({ week: summary.week }, "weekly summary queued");
        outbox.nudge();
      }
      summarised = summary.week;
    }
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
