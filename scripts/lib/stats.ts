/** The figures the benchmarks report, computed one way for all of them. */

/** The middle value (the upper middle of an even count); 0 for none. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The p-th percentile (nearest rank) of values sorted ascending; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
