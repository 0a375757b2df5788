/**
 * The business's day, in SITE_TIME_ZONE (India's by default): a reference's year, the day spam is
 * counted under, and every date a mail, page or the CLI shows. Formatters are made once a zone:
 * making one is the slow part of Intl, and a reference is worked out for every enquiry read.
 */
import { SETTINGS } from "./env.ts";

export const DEFAULT_TIME_ZONE: string = SETTINGS.SITE_TIME_ZONE.default;

const cached = <T>(make: (timeZone: string) => T) => {
  const made = new Map<string, T>();
  return (timeZone: string): T => made.get(timeZone) ?? made.set(timeZone, make(timeZone)).get(timeZone)!;
};

const dayFormat = cached((timeZone) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }));

/** `at`'s day where the business is, as YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayFormat(timeZone).format(at);
}

/** The day `days` after `day` (YYYY-MM-DD; negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const clockFormat = cached(
  (timeZone) =>
    new Intl.DateTimeFormat("en-CA", {
      ...{ timeZone, year: "numeric", month: "2-digit", day: "2-digit" },
      ...{ hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
    } as const),
);

/** How far `timeZone`'s clocks are ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const part = Object.fromEntries(
    clockFormat(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(at / 1000) * 1000;
}

/** The moment `day` (YYYY-MM-DD) begins in `timeZone`: its midnight, or its first hour where the clocks skip midnight. */
export function dayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at UTC's midnight may not be the one at the zone's (a clock change between them): look again there.
  const guess = midnight - offsetAt(midnight, timeZone);
  const candidates = [guess, midnight - offsetAt(guess, timeZone)].filter((at) => dayIn(new Date(at), timeZone) === day);
  return new Date(Math.min(...candidates));
}

/**
 * The week a weekly summary sent on `sendDay` covers: the 7 whole days before it in `timeZone`,
 * [its first day's start, `sendDay`'s start). Whole days because the site's figures are counted by
 * day (analytics/), so its enquiry table and its site table count the same enquiries.
 */
export function summaryWeek(sendDay: string, timeZone: string = DEFAULT_TIME_ZONE): { from: Date; to: Date } {
  return { from: dayStart(addDays(sendDay, -7), timeZone), to: dayStart(sendDay, timeZone) };
}

/** `at`'s year where the business is. */
export function yearIn(at: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  return Number(dayIn(at, timeZone).slice(0, 4));
}

const shownFormat = cached(
  (timeZone) =>
    new Intl.DateTimeFormat("en-IN", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      hour12: true,
      timeZoneName: "short",
    }),
);

/** A moment as people read it, with its zone: e.g. "14 Mar 2025, 3:04:05 pm IST". */
export function formatMoment(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return shownFormat(timeZone).format(at);
}

const dayShownFormat = cached((timeZone) => new Intl.DateTimeFormat("en-IN", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" }));

/** `at`'s day as people read it: e.g. "Mon 4 Jan 2027". */
export function formatDay(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const part = Object.fromEntries(
    dayShownFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${part.weekday} ${part.day} ${part.month} ${part.year}`;
}

const minuteFormat = cached(
  (timeZone) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false }),
);

/** A moment to the minute, sortable: "2025-03-14 15:04" (the CLI's listing). */
export function formatMinute(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return minuteFormat(timeZone).format(at).replace(",", "");
}

/** The zone's short name as people write it beside a time ("IST"; "GMT+1" where it has none). */
export function zoneName(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  return (
    shownFormat(timeZone)
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}
