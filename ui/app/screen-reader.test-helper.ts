import { virtual } from "@guidepup/virtual-screen-reader";
import { waitFor } from "@testing-library/react";

// What a screen-reader user hears, read through @guidepup/virtual-screen-reader over jsdom
// (issue 23). The reader walks the accessibility tree as a real one does with its virtual cursor,
// says what the focus lands on (focusin), and says what changes inside live regions, prefixed
// "polite: " or "assertive: ". The tests take what was said in chunks (`heard`), so each step's
// phrases are asserted exactly and in order, and a phrase said twice is seen twice.
//
// jsdom's own limits show in the phrases: a password input has no role ("Password", where a real
// reader says "secure text field"), and the browser's constraint messages are jsdom's
// ("Constraints not satisfied" where Chrome says "Please fill out this field.").

/** How far the cursor may walk looking for a phrase before the test gives up and shows the log. */
const MAX_STEPS = 400;

/**
 * The reader is a module singleton: each file that reads registers `afterEach(stopReading)` as
 * its first hook, so it stops after each test (which also empties its log) before the Testing
 * Library cleanup unmounts the page, and no unmount mutation is read out. Registered by the file,
 * not here: UI files share one module graph per worker, so this module runs once per worker, and
 * a hook it registered would stop the reader in the first file only, leaving it to read the next
 * files' pages (their documents) as they change.
 */
export const stopReading = (): Promise<void> => virtual.stop();

/** Starts reading the whole document from its top, as a screen reader does on a fresh page. */
export const startReading = async (): Promise<void> => {
  await virtual.start({ container: document.body });
};

// A live region that empties is logged as "polite: " or "assertive: " with nothing after it; a
// reader says nothing then, so neither does `heard`.
const SILENT = new Set(["polite: ", "assertive: "]);

/** Everything said since the last call, in order, and forgets it. */
export const heard = async (): Promise<string[]> => {
  const log = (await virtual.spokenPhraseLog()).filter((phrase) => !SILENT.has(phrase));
  await virtual.clearSpokenPhraseLog();
  return log;
};

/** What was said, in order, kept apart by where it came from. */
export type HeardApart = {
  /** The reading cursor and the focus: what the person moved to or was moved to. */
  readonly said: readonly string[];
  /** Polite live regions (status, log, aria-live="polite"), prefixed "polite: ". */
  readonly polite: readonly string[];
  /** Assertive live regions (alert, alertdialog, aria-live="assertive"), prefixed "assertive: ". */
  readonly assertive: readonly string[];
};

/**
 * Everything said since the last call, each source in its own order, and forgets it. Where a save
 * moves the focus and fills live regions from separate tasks (a toast's lazy region, React Aria's
 * announcer), their interleaving is the machine's timing, not the page's behaviour; the order
 * within each source is.
 */
export const heardApart = async (): Promise<HeardApart> => {
  const log = await heard();
  return {
    said: log.filter((phrase) => !phrase.startsWith("polite: ") && !phrase.startsWith("assertive: ")),
    polite: log.filter((phrase) => phrase.startsWith("polite: ")),
    assertive: log.filter((phrase) => phrase.startsWith("assertive: ")),
  };
};

/** Moves the reading cursor on, item by item, until it says `phrase` (exactly). */
export const readTo = async (phrase: string): Promise<void> => {
  for (let step = 0; step < MAX_STEPS; step += 1) {
    await virtual.next();
    if ((await virtual.lastSpokenPhrase()) === phrase) return;
    if ((await virtual.lastSpokenPhrase()) === "end of document") break;
  }
  throw new Error(`the reader never said "${phrase}"; it said:\n${(await virtual.spokenPhraseLog()).join("\n")}`);
};

/** Moves the reading cursor back, item by item, until it says `phrase` (exactly). */
export const readBackTo = async (phrase: string): Promise<void> => {
  for (let step = 0; step < MAX_STEPS; step += 1) {
    await virtual.previous();
    if ((await virtual.lastSpokenPhrase()) === phrase) return;
    if ((await virtual.lastSpokenPhrase()) === "document") break;
  }
  throw new Error(`the reader never said "${phrase}" going back; it said:\n${(await virtual.spokenPhraseLog()).join("\n")}`);
};

/** Waits until `phrase` has been said `times` times (an announcement or a focus move after a server answer). */
export const waitToHear = async (phrase: string, times = 1): Promise<void> => {
  await waitFor(async () => {
    const log = await virtual.spokenPhraseLog();
    const count = log.filter((said) => said === phrase).length;
    if (count < times) throw new Error(`"${phrase}" said ${count} of ${times} times; said so far:\n${log.join("\n")}`);
  });
};

/**
 * Moves the focus to the control under the reading cursor, as a reader's focus follows its cursor
 * onto a control, without saying it again. Done before pressing, so what the press then makes the
 * reader say is only its outcome, and no focus event of the press itself races with it.
 */
export const focusHere = async (): Promise<void> => {
  // Pressing a lone modifier focuses the cursor's element and does nothing else.
  await virtual.press("Shift");
};

/** Presses the control under the reading cursor (the reader's default action: a click). */
export const activate = (): Promise<void> => virtual.act();

/** Types into the field under the reading cursor. */
export const typeText = (text: string): Promise<void> => virtual.type(text);

/** Presses a key with the focus on the item under the cursor ("Escape", "Enter"). */
export const pressKey = (key: string): Promise<void> => virtual.press(key);
