// `npm run perf`: the slow phone every part measures on (Debian's Chromium, the cold-load network
// and a 4x slower CPU) and how a part's repeated samples become one figure.
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];

/**
 * The cold-dashboard network and CPU profile (issue 9, section 2). PERF_CPU=1 measures the same
 * network with the CPU not slowed, to tell a route's waiting from its main thread's work (issue 35:
 * a session's detail 1.12x the dashboard so, 1.37x at 4x).
 */
export const SLOW_PROFILE = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, cpuSlowdown: cpuSlowdownOf(process.env.PERF_CPU) };

function cpuSlowdownOf(setting) {
  if (setting === undefined || setting === "") return 4;
  const rate = Number(setting);
  // DevTools takes a rate of 1 or more; anything else would fail deep in the first load.
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`PERF_CPU must be a number of 1 or more (the CPU slowdown), not "${setting}"`);
  return rate;
}

/**
 * The page's DevTools session with the slow phone on: SLOW_PROFILE's network and CPU, and the HTTP
 * cache off, so every load is cold. Clear the cache (`Network.clearBrowserCache`) before each load.
 */
export async function coldSlowPhone(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_PROFILE.latencyMs,
    downloadThroughput: SLOW_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_PROFILE.uploadBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PROFILE.cpuSlowdown });
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return cdp;
}

/** How long one page may take to show what is waited for before the step gives up. */
export const PAGE_MS = 60_000;

/** The middle value (the lower middle for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
