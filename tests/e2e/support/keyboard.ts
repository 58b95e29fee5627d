import { expect, type Locator, type Page } from "@playwright/test";

export type TabOptions = {
  /** Most key presses before giving up (default 20). */
  readonly max?: number;
  /** Shift+Tab instead of Tab. */
  readonly backwards?: boolean;
};

const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === element.ownerDocument.activeElement);

// What has the focus, in words, for the error message of a failed tabTo.
const describeActiveElement = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return "the page itself (body)";
    const name = active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 40) ?? "";
    const label = active.id === "" ? "" : (document.querySelector(`label[for="${active.id}"]`)?.textContent ?? "");
    return `<${active.tagName.toLowerCase()}> "${label || name}"`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has the keyboard focus, as a keyboard user would.
 * Fails with the key count and the element that has the focus when `max` presses do not get there.
 */
export async function tabTo(page: Page, target: Locator, options: TabOptions = {}): Promise<void> {
  const max = options.max ?? 20;
  const key = options.backwards === true ? "Shift+Tab" : "Tab";
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) break;
    await page.keyboard.press(key);
  }
  if (!(await isFocused(target))) {
    throw new Error(`tabTo: ${String(target)} was not focused after ${max} presses of ${key}; the focus is on ${await describeActiveElement(page)}`);
  }
  await expect(target).toBeFocused();
}

/** Tabs to a text field and types into it (the field is expected empty). */
export async function typeInto(page: Page, field: Locator, text: string, options: TabOptions = {}): Promise<void> {
  await tabTo(page, field, options);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a button or link and presses Enter on it. */
export async function activate(page: Page, control: Locator, options: TabOptions = {}): Promise<void> {
  await tabTo(page, control, options);
  await page.keyboard.press("Enter");
}
