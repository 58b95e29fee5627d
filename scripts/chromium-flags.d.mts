/** Flags for Debian's Chromium wherever the project drives it (see chromium-flags.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[];
