// Flags for Debian's Chromium wherever the project drives it (Playwright flows, npm run perf).
// Without the background-networking flags Chromium floods the closed network with refused
// connections (see STACK.md).
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * The browser the Playwright flows drive: Debian's `chromium-headless-shell` when it is installed
 * (.ci/run installs it beside `chromium`), else Debian's `/usr/bin/chromium`. Both are the same
 * Chromium release from the same Debian source package; the shell is the build without the
 * browser's window, tab strip and profile services, which is what `--headless` needs. Measured on
 * an idle 2-core machine, 60 flows on 3 workers (issue 32): Chromium's processes used 444 CPU-s
 * and the run took 423 s with /usr/bin/chromium, 332 CPU-s and 356 s with the shell, every flow
 * and axe scan the same. E2E_CHROMIUM names another binary. `npm run perf` keeps the full browser:
 * it measures what a clinician's browser does.
 */
export const E2E_CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"];
