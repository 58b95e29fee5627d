/** Flags for Debian's Chromium wherever the project drives it (see chromium-flags.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[];
/** The browsers the Playwright flows may drive, best first (see chromium-flags.mjs). */
export declare const E2E_CHROMIUM_CANDIDATES: readonly string[];
