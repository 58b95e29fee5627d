import type { Locator, Page } from "@playwright/test";

// Every confirmed change shows a toast and says the same words in React Aria's polite live
// region (ui/feedback/confirm-change.ts). The live region is visually hidden but Playwright counts
// it as visible, so an unscoped `page.getByText(title)` matches two elements once the
// announcement lands (about 100 ms after the toast) and fails in strict mode on a slow machine.
// Tests look for the toast inside its region and for the announcement inside the live region.

/** The toast region, a landmark that F8 reaches; it holds the toasts at the window's top right. */
export const notifications = (page: Page): Locator => page.getByRole("region", { name: "Notifications" });

/** The toast region's current toast(s): React Aria renders each as an alertdialog. */
export const toast = (page: Page): Locator => notifications(page).getByRole("alertdialog");

/** The polite live region React Aria's announcer keeps at the end of <body>. */
export const politeRegion = (page: Page): Locator => page.locator("[aria-live='polite'][role='log']");
