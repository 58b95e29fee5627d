import { useLayoutEffect, useRef, type FocusEvent } from "react";
import { Button } from "./button.tsx";
import * as styles from "./pager.css.ts";

export type PagerProps = {
  readonly page: number;
  readonly totalPages: number;
  readonly onPage: (page: number) => void;
  /** While a page loads both buttons wait, so a double press cannot skip a page. */
  readonly isLoading?: boolean;
  readonly label: string;
};

type Direction = "previous" | "next";

// Previous/Next rather than numbered pages: lists are scanned from the top, rarely jumped into.
//
// Paging never drops the keyboard focus: while a page loads the buttons are pending (React Aria
// keeps a pending button focused and ignores presses) rather than disabled, and a button that has
// nothing left to show (Next on the last page) hands the focus to the other one. The page number
// is a polite status, so the new page is announced where the person is.
export function Pager({ page, totalPages, onPage, isLoading = false, label }: PagerProps) {
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // The button last pressed, while the focus is still on it.
  const pressed = useRef<Direction | null>(null);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;

  useLayoutEffect(() => {
    const direction = pressed.current;
    if (direction === null || isLoading) return;
    const used = direction === "next" ? atEnd : atStart;
    if (!used) return;
    pressed.current = null;
    (direction === "next" ? previousButton : nextButton).current?.focus();
  });

  if (totalPages <= 1) return null;
  const go = (direction: Direction) => () => {
    pressed.current = direction;
    onPage(direction === "next" ? page + 1 : page - 1);
  };
  // Tabbing away ends the hand-over: only a focus that was on the pressed button moves. A blur
  // with nowhere to go is the button being disabled under the focus, which is what is handled.
  const forget = (event: FocusEvent) => {
    if (event.relatedTarget !== null) pressed.current = null;
  };
  return (
    <nav aria-label={label} className={styles.pager}>
      <Button
        ref={previousButton}
        variant="secondary"
        isPending={isLoading}
        isDisabled={atStart && !isLoading}
        onPress={go("previous")}
        onBlur={forget}
      >
        Previous
      </Button>
      {/* A polite live region, not role="status": the page's own status line stays the one status. */}
      <span aria-live="polite" aria-atomic="true">
        Page {page} of {totalPages}
      </span>
      <Button
        ref={nextButton}
        variant="secondary"
        isPending={isLoading}
        isDisabled={atEnd && !isLoading}
        onPress={go("next")}
        onBlur={forget}
      >
        Next
      </Button>
    </nav>
  );
}
