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
