/**
 * The reference a visitor quotes on the phone: `LA-<year>-<number>`, e.g. LA-2026-000123.
 * The year is the business's (SITE_TIME_ZONE: in India, a post at 00:30 IST on 1 January belongs
 * to the new year); the number is the enquiry's id in the store, written with at least six digits.
 */
import { DEFAULT_TIME_ZONE, yearIn } from "../site-time.ts";

export const REFERENCE_PREFIX = "LA";

/** The year of `at` in `timeZone`. */
export function referenceYear(at: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  return yearIn(at, timeZone);
}

export function formatReference(year: number, number: number, prefix: string = REFERENCE_PREFIX): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`a reference number is a positive whole number, not ${number}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`a reference year has four digits, not ${year}`);
  return `${prefix}-${year}-${String(number).padStart(6, "0")}`;
}

/** The reference of enquiry `number` received at `at`, its year in `timeZone`. */
export function referenceFor(number: number, at: Date, timeZone: string = DEFAULT_TIME_ZONE, prefix: string = REFERENCE_PREFIX): string {
  return formatReference(referenceYear(at, timeZone), number, prefix);
}

/** Reads a reference as people type it ("la 2026 123", "LA-2026-000123"), for looking one up. */
export function parseReference(text: string, prefix: string = REFERENCE_PREFIX): { year: number; number: number } | undefined {
  const match = new RegExp(`^\\s*${prefix}[\\s-]*(\\d{4})[\\s-]*0*(\\d{1,15})\\s*$`, "i").exec(text);
  if (!match || Number(match[2]) < 1) return undefined;
  return { year: Number(match[1]), number: Number(match[2]) };
}
