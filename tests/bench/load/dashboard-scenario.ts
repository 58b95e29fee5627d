import autocannon from "autocannon";
import { sampleHealth, type HealthSamples } from "./health-sampler.ts";
import { API_KEY, call, signIn } from "./server-process.ts";

// Issue 9's load: GET /api/patients/dashboard/ as the demo SLP on many connections, /api/health
// sampled on its own thread.

const REQUEST_TIMEOUT_S = 10;

export type DashboardResult = {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly errors: number;
  readonly health: HealthSamples;
};

export const runDashboardLoad = async (base: string, connections: number, durationSeconds: number): Promise<DashboardResult> => {
  const headers = { "x-api-key": API_KEY, authorization: `Bearer ${await signIn(base, "slp@demo.test")}` };
  // One warm-up call, so the first measured requests do not pay for cold caches alone.
  await call(base, "/api/patients/dashboard/", { headers });
  const stopHealth = sampleHealth(base, REQUEST_TIMEOUT_S * 1000);
  const result = await autocannon({ url: `${base}/api/patients/dashboard/`, connections, duration: durationSeconds, timeout: REQUEST_TIMEOUT_S, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    health: await stopHealth(),
  };
};
