import { Worker } from "node:worker_threads";

// Plain JavaScript run in a worker thread: one GET /api/health at a time, 50 ms apart, until told
// to stop. On its own thread so the load generator's event loop does not inflate its figures.
const HEALTH_SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
parentPort.on("message", () => { running = false; });
(async () => {
  const samples = [];
  let failures = 0;
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ samples, failures });
})();
`;

export type HealthSamples = { readonly samples: readonly number[]; readonly failures: number };

/** Starts sampling /api/health; the returned function stops it and gives what it saw. */
export const sampleHealth = (base: string, timeoutMs: number): (() => Promise<HealthSamples>) => {
  const sampler = new Worker(HEALTH_SAMPLER, { eval: true, workerData: { url: `${base}/api/health`, timeoutMs } });
  const done = new Promise<HealthSamples>((resolve, reject) => {
    sampler.once("message", resolve);
    sampler.once("error", reject);
  });
  return async () => {
    sampler.postMessage("stop");
    const result = await done;
    await sampler.terminate();
    return result;
  };
};

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
