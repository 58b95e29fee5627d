import { useAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useLayoutEffect, useRef } from "react";
import { type ReviewCommand, reviewShortcutCommand } from "../../../domain/session-review/review-shortcuts.ts";

/**
 * Whether the session page's single-key shortcuts are on (WCAG 2.1.4: they can be turned off), kept
 * in this browser's localStorage so the choice outlives a reload. On until someone turns them off.
 */
export const reviewShortcutsEnabledAtom = atomWithStorage("portal.review-shortcuts", true, undefined, { getOnInit: true });

// Inputs whose keys are not typed text: a letter pressed on them may still be a shortcut.
const NON_TEXT_INPUTS = new Set(["button", "checkbox", "color", "file", "image", "radio", "range", "reset", "submit"]);
// Widgets that take letters themselves, as typed text or as typeahead (a list, or a select's closed
// button, picks the option that starts with the letter).
const TYPING_WIDGETS =
  '[role="textbox"], [role="searchbox"], [role="combobox"], [role="listbox"], [role="menu"], [role="grid"], [role="tree"], [role="spinbutton"], [aria-haspopup="listbox"]';

/** Whether a key pressed with the focus on `target` is typing: text fields, selects, contenteditable, typeahead lists. */
export const isTypingTarget = (target: EventTarget | null): boolean => {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // jsdom has no isContentEditable; the attribute says the same.
  if ((target instanceof HTMLElement && target.isContentEditable) || target.closest('[contenteditable]:not([contenteditable="false"])') !== null) return true;
  return target.closest(TYPING_WIDGETS) !== null;
};

/**
 * Runs the command of each shortcut key pressed on the page, unless the focus is in a field or a
 * dialog (the dialog's own keys win) or the shortcuts are off; the key then does only what it
 * would anyway. `run` may change on every render; the listener reads the latest.
 *
 * Layout effects, not passive ones: they run in the commit that puts the page on the screen, so a
 * key pressed as soon as the attempts show works. A passive effect of a deferred render waits for
 * a scheduler task, and a key pressed before it ran was lost (a flaky unit test on a busy machine).
 */
export function useReviewShortcuts(run: (command: ReviewCommand) => void): void {
  const [enabled] = useAtom(reviewShortcutsEnabledAtom);
  const latest = useRef(run);
  useLayoutEffect(() => {
    latest.current = run;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]') !== null) return;
      const command = reviewShortcutCommand(
        { key: event.key, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, isComposing: event.isComposing, typing: isTypingTarget(event.target) },
        enabled,
      );
      if (command === null) return;
      event.preventDefault();
      latest.current(command);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}

// The attempts' edit buttons carry data-edit-attempt (attempt-tables.tsx); moving among them is
// moving among the attempts one may correct, whatever layout (table or cards) shows them.
const EDIT_CONTROL = "[data-edit-attempt]";

/** Moves the focus to the next (1) or previous (-1) attempt's edit control in `container`, from wherever the focus is. */
export const moveAttemptFocus = (container: HTMLElement | null, direction: 1 | -1): void => {
  if (container === null) return;
  const controls = [...container.querySelectorAll<HTMLElement>(EDIT_CONTROL)].filter((control) => !control.hasAttribute("disabled"));
  const current = document.activeElement;
  const from = current === null || current === document.body ? null : current;
  const follows = (control: HTMLElement) => from === null || (from.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const precedes = (control: HTMLElement) => from !== null && control !== from && !control.contains(from) && (from.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  const target = direction === 1 ? controls.find((control) => control !== from && follows(control)) : controls.findLast(precedes);
  target?.focus();
};

/** Opens the editor of the attempt holding the focus (its edit control, or anything else in its row); nothing when the focus is on no attempt. */
export const editFocusedAttempt = (container: HTMLElement | null): void => {
  if (container === null) return;
  let node = document.activeElement;
  while (node !== null && node !== container && container.contains(node)) {
    const controls = node.matches(EDIT_CONTROL) ? [node] : [...node.querySelectorAll(EDIT_CONTROL)];
    if (controls.length === 1 && controls[0] instanceof HTMLElement) {
      controls[0].click();
      return;
    }
    // A row (or a card) without an edit control is a locked attempt: never edit a neighbour instead.
    if (controls.length > 1 || node.matches("tr, [data-attempt-row]")) return;
    node = node.parentElement;
  }
};
