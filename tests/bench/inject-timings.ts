import type { TestApp } from "../../server/test-app.test-helper.ts";

/** The value below which p % of the values lie (nearest rank); NaN for no values. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/**
 * Server time of in-process calls (`app.inject`), kept per case label so a bench can report p50 and
 * p99 itself: vitest's own table mixes in the warm-up calls and reports no percentile but p99.
 */
export function injectTimings() {
  const timings = new Map<string, number[]>();
  return {
    timings: timings as ReadonlyMap<string, readonly number[]>,
    /** One timed GET; anything but 200 fails the bench with the answer. */
    // The answer's bytes are taken as a stream, as a socket takes them (dashboards-at-scale and
    // bench:floor do the same): joined into one string, each answer was the harness's garbage, and
    // its collections landed in the reads' p99.
    call: async (label: string, t: TestApp, url: string, headers: Record<string, string>): Promise<void> => {
      const started = performance.now();
      const response = await t.app.inject({ url, headers, payloadAsStream: true });
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`);
      const list = timings.get(label) ?? [];
      list.push(elapsed);
      timings.set(label, list);
    },
  };
}

/** A markdown table of p50, p99 and max per label, leaving out each label's first `warmup` calls. */
export const percentileTable = (labels: readonly string[], timings: ReadonlyMap<string, readonly number[]>, warmup: number): string => {
  const lines = ["| call | p50 (ms) | p99 (ms) | max (ms) |", "|---|---:|---:|---:|"];
  for (const label of labels) {
    const values = (timings.get(label) ?? []).slice(warmup);
    lines.push(`| ${label} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`);
  }
  return lines.join("\n");
};
