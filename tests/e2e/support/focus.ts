import { expect, type Locator, type Page } from "@playwright/test";

// The page-side recorder: every 10 ms, while watching, whether the focus is on nothing (body).
// A sampling timer runs between tasks, so it sees what assistive technology would see: a focus
// that falls to <body> and is put back within the same task is never observed.
type FocusWatch = { watching: boolean; bodySamples: number; samples: number; lastBody: string };
declare global {
  interface Window {
    __focusWatch?: FocusWatch;
  }
}

const SAMPLE_MS = 10;

/**
 * Installs the focus recorder in every document the page loads. Call before the first goto.
 */
export async function installFocusWatch(page: Page): Promise<void> {
  await page.addInitScript((sampleMs: number) => {
    const watch: FocusWatch = { watching: false, bodySamples: 0, samples: 0, lastBody: "" };
    window.__focusWatch = watch;
    window.setInterval(() => {
      if (!watch.watching) return;
      watch.samples += 1;
      const active = document.activeElement;
      if (active === null || active === document.body) {
        watch.bodySamples += 1;
        watch.lastBody = location.pathname;
      }
    }, sampleMs);
  }, SAMPLE_MS);
}

/** Starts counting the moments the focus is on <body> (from zero). */
export async function startWatchingFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = window.__focusWatch;
    if (watch === undefined) throw new Error("installFocusWatch(page) was not called before the page loaded");
    Object.assign(watch, { watching: true, bodySamples: 0, samples: 0, lastBody: "" });
  });
}

/** Stops counting and fails if the focus was seen on <body> since startWatchingFocus. */
export async function expectFocusNeverOnBody(page: Page): Promise<void> {
  // A fast move can be over before the recorder's first tick (a busy machine, a throttled timer):
  // keep it running until it has looked at least once, so the check below never rests on no samples.
  await expect.poll(() => page.evaluate(() => window.__focusWatch?.samples ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  const watch = await page.evaluate(() => {
    const current = window.__focusWatch;
    if (current === undefined) throw new Error("installFocusWatch(page) was not called before the page loaded");
    current.watching = false;
    return { ...current };
  });
  // Samples prove the recorder ran at all; a silent recorder would pass any flow.
  expect(watch.samples, "the focus recorder took samples").toBeGreaterThan(0);
  expect(watch.bodySamples, `the focus fell to <body> (last seen on ${watch.lastBody})`).toBe(0);
}

/** The focused element is `target`, and it is not <body>. */
export async function expectFocusOn(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
}

/** What has the focus, as tag and text, for messages and checks. */
export const activeElementOf = (page: Page): Promise<{ tag: string; text: string }> =>
  page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName.toLowerCase() ?? "none", text: active?.textContent?.trim() ?? "" };
  });
