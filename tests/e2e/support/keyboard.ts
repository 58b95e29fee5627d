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

/** The text of the option a native <select> shows: what Chromium gives as its value to a screen reader. */
export const shownIn = (select: Locator): Promise<string> =>
  select.evaluate((element) => (element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.textContent ?? "") : `not a <select>: <${element.tagName.toLowerCase()}>`));

// The shortest start of `label` that no other option's label starts with (case aside), without a
// space: Space on a closed select may open its list instead of going on with the typing.
const uniqueStart = (labels: readonly string[], label: string): string | null => {
  const lower = label.toLowerCase();
  for (let length = 1; length <= lower.length && !/\s/.test(lower.charAt(length - 1)); length += 1) {
    const start = lower.slice(0, length);
    // Chromium reads one letter typed twice ("ll") as "the next option starting with l".
    if (length > 1 && [...start].every((letter) => letter === start.charAt(0))) continue;
    if (labels.filter((each) => each.toLowerCase().startsWith(start)).length === 1) return start;
  }
  return null;
};

/** How long a select's options may take to load before chooseInSelect gives up. */
const OPTIONS_LOAD_MS = 30_000;

/**
 * Tabs to a native <select> (a combobox named by its label) and chooses the option named `label`
 * by keyboard with its list closed, as Chromium on Linux and Windows let a keyboard user do:
 * typing the first letters of an option jumps to it (one change event), and the arrow keys step
 * through the options (a change event each; a disabled placeholder is skipped). Types the label's
 * shortest unambiguous start, then steps with the arrows if that did not get there (a start that
 * would need a space, or letters typed more than a second apart on a loaded machine, which starts
 * the search again). Ends with the option shown and the focus still on the select.
 */
export async function chooseInSelect(page: Page, select: Locator, label: string, options: TabOptions = {}): Promise<void> {
  await tabTo(page, select, options);
  const offered = () =>
    select.evaluate((element) =>
      element instanceof HTMLSelectElement ? [...element.options].filter((option) => !option.disabled).map((option) => option.textContent ?? "") : [],
    );
  // A select whose options are loading (a list read as the page opens) offers them a moment later:
  // waited for, so a busy machine does not fail the flow, and only then read once.
  await expect.poll(async () => (await offered()).includes(label), { timeout: OPTIONS_LOAD_MS }).toBe(true).catch(() => undefined);
  const labels = await offered();
  const target = labels.indexOf(label);
  if (target === -1) throw new Error(`chooseInSelect: ${String(select)} offers no option "${label}"; it offers: ${labels.join(" | ")}`);
  if ((await shownIn(select)) !== label) {
    const start = uniqueStart(labels, label);
    if (start !== null) await page.keyboard.type(start);
    for (let presses = 0; presses <= labels.length && (await shownIn(select)) !== label; presses += 1) {
      const now = labels.indexOf(await shownIn(select));
      await page.keyboard.press(now > target ? "ArrowUp" : "ArrowDown");
    }
  }
  await expect.poll(() => shownIn(select)).toBe(label);
  await expect(select).toBeFocused();
}
