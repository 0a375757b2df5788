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
