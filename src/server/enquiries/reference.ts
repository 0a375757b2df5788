/**
 * The reference a visitor quotes on the phone: `LA-<year>-<number>`, e.g. LA-2026-000123.
 * The year is India's (a post at 00:30 IST on 1 January belongs to the new year); the number comes
 * from the store (one sequence, or one per year), written with at least six digits.
 */
export const REFERENCE_PREFIX = "LA";

/** India's time is UTC+05:30 all year (no daylight saving since 1945). */
const INDIA_OFFSET_MS = 5.5 * 3_600_000;

/** The year of `at` in India: arithmetic, not Intl's time-zone formatting, which is slow for a call every enquiry read makes. */
export function referenceYear(at: Date): number {
  return new Date(at.getTime() + INDIA_OFFSET_MS).getUTCFullYear();
}

export function formatReference(year: number, number: number, prefix: string = REFERENCE_PREFIX): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`a reference number is a positive whole number, not ${number}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`a reference year has four digits, not ${year}`);
  return `${prefix}-${year}-${String(number).padStart(6, "0")}`;
}

/** The reference of enquiry `number` received at `at`. */
export function referenceFor(number: number, at: Date, prefix: string = REFERENCE_PREFIX): string {
  return formatReference(referenceYear(at), number, prefix);
}

/** Reads a reference as people type it ("la 2026 123", "LA-2026-000123"), for looking one up. */
export function parseReference(text: string, prefix: string = REFERENCE_PREFIX): { year: number; number: number } | undefined {
  const match = new RegExp(`^\\s*${prefix}[\\s-]*(\\d{4})[\\s-]*0*(\\d{1,15})\\s*$`, "i").exec(text);
  if (!match || Number(match[2]) < 1) return undefined;
  return { year: Number(match[1]), number: Number(match[2]) };
}
