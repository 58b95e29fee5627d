import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { REVIEW_COMMAND, REVIEW_SHORTCUTS, reviewShortcutCommand, type ShortcutKeyPress } from "./review-shortcuts.ts";

const plain = (key: string): ShortcutKeyPress => ({ key, ctrlKey: false, altKey: false, metaKey: false, isComposing: false, typing: false });

// Keys that are shortcuts, keys that are not, and anything a keyboard may report.
const anyKey = fc.oneof(fc.constantFrom(...REVIEW_SHORTCUTS.map((shortcut) => shortcut.key), "Enter", "Escape", "Tab", " ", "J", "N"), fc.string({ maxLength: 3 }));
const press = fc.record({ key: anyKey, ctrlKey: fc.boolean(), altKey: fc.boolean(), metaKey: fc.boolean(), isComposing: fc.boolean(), typing: fc.boolean() });

describe("reviewShortcutCommand", () => {
  it("maps j, k, e, n, p, r and ? to their commands", () => {
    expect(["j", "k", "e", "n", "p", "r", "?"].map((key) => reviewShortcutCommand(plain(key), true))).toEqual([
      REVIEW_COMMAND.nextAttempt,
      REVIEW_COMMAND.previousAttempt,
      REVIEW_COMMAND.editAttempt,
      REVIEW_COMMAND.nextSession,
      REVIEW_COMMAND.previousSession,
      REVIEW_COMMAND.reviewActions,
      REVIEW_COMMAND.help,
    ]);
  });

  it("leaves Enter, Escape, Tab, Space and capital letters to the page", () => {
    expect(["Enter", "Escape", "Tab", " ", "J", "E"].map((key) => reviewShortcutCommand(plain(key), true))).toEqual([null, null, null, null, null, null]);
  });

  test.prop([press])("answers no command while typing", (event) => {
    expect(reviewShortcutCommand({ ...event, typing: true }, true)).toBeNull();
  });

  test.prop([press, fc.constantFrom("ctrlKey", "altKey", "metaKey")])("answers no command with Ctrl, Alt or Meta held", (event, modifier) => {
    expect(reviewShortcutCommand({ ...event, [modifier]: true }, true)).toBeNull();
  });

  test.prop([press])("answers no command while an input method composes", (event) => {
    expect(reviewShortcutCommand({ ...event, isComposing: true }, true)).toBeNull();
  });

  test.prop([press])("answers no command at all when turned off", (event) => {
    expect(reviewShortcutCommand(event, false)).toBeNull();
  });

  test.prop([press])("answers only commands of the listed keys, each for its own key", (event) => {
    const command = reviewShortcutCommand(event, true);
    if (command !== null) expect(REVIEW_SHORTCUTS.find((shortcut) => shortcut.key === event.key)?.command).toBe(command);
  });

  it("lists each key once", () => {
    const keys = REVIEW_SHORTCUTS.map((shortcut) => shortcut.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
