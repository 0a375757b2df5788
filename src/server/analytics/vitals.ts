/**
 * Field Web Vitals as the store keeps them: per day, route and measure, a histogram of fixed
 * buckets (no sample is kept), from which the 75th percentile is read, the Chrome UX Report's way.
 * Google's thresholds are bucket bounds, so the mark of a p75 (good, needs improvement, poor) is
 * exact even though the value is a bucket's upper bound.
 */
export const METRICS = ["lcp", "inp", "cls"] as const;
export type Metric = (typeof METRICS)[number];

interface MetricSpec {
  label: string;
  /** Upper bounds of the buckets (the last bucket is everything above the last bound). */
  bounds: readonly number[];
  /** Good up to `good`, poor above `poor` (web.dev/articles/vitals). */
  good: number;
  poor: number;
  /** The most a browser could plausibly report; anything above is refused as made up. */
  max: number;
  format: (value: number) => string;
}

const ms = (value: number) => (value >= 1000 ? `${Number((value / 1000).toFixed(2))} s` : `${value} ms`);

export const METRIC_SPECS: Record<Metric, MetricSpec> = {
  lcp: {
    label: "LCP",
    bounds: [250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000],
    good: 2500,
    poor: 4000,
    max: 600_000,
    format: ms,
  },
  inp: {
    label: "INP",
    bounds: [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 600, 800, 1000, 1500, 2000, 5000],
    good: 200,
    poor: 500,
    max: 600_000,
    format: ms,
  },
  cls: {
    label: "CLS",
    bounds: [0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2],
    good: 0.1,
    poor: 0.25,
    max: 100,
    format: (value) => String(value),
  },
};

/** The bucket a measured value falls in: the first whose upper bound it does not pass. */
export function bucketOf(metric: Metric, value: number): number {
  const { bounds } = METRIC_SPECS[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

export type Rating = "good" | "needs improvement" | "poor";

export interface Percentile {
  /** The p75's bucket: its upper bound, or the last bound when it is the open bucket above (`above`). */
  value: number;
  above: boolean;
  samples: number;
  rating: Rating;
}

/** The 75th percentile of a histogram (bucket index -> samples), or undefined with no samples. */
export function p75(metric: Metric, histogram: ReadonlyMap<number, number>): Percentile | undefined {
  const spec = METRIC_SPECS[metric];
  const samples = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (samples === 0) return undefined;
  const wanted = Math.ceil(samples * 0.75);
  let seen = 0;
  let bucket = spec.bounds.length;
  for (let i = 0; i <= spec.bounds.length; i++) {
    seen += histogram.get(i) ?? 0;
    if (seen >= wanted) {
      bucket = i;
      break;
    }
  }
  const above = bucket === spec.bounds.length;
  const value = spec.bounds[Math.min(bucket, spec.bounds.length - 1)]!;
  const rating: Rating = above || value > spec.poor ? "poor" : value > spec.good ? "needs improvement" : "good";
  return { value, above, samples, rating };
}

/** "≤ 2.5 s", "> 20 s": what the bucket says, no more precise than it is. */
export function formatPercentile(metric: Metric, p: Percentile): string {
  return `${p.above ? ">" : "≤"} ${METRIC_SPECS[metric].format(p.value)}`;
}
