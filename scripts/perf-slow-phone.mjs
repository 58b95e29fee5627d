// `npm run perf`: the slow phone every part measures on (Debian's Chromium, the cold-load network
// and a 4x slower CPU) and how a part's repeated samples become one figure.
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];

/** The cold-dashboard network and CPU profile (issue 9, section 2). */
export const SLOW_PROFILE = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, cpuSlowdown: 4 };

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
