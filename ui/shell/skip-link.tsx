import type { MouseEvent } from "react";
import { MAIN_CONTENT_ID } from "./shell-constants.ts";
import * as styles from "./layouts.css.ts";

// The first stop of the Tab key on every signed-in page (WCAG 2.4.1). It focuses <main> directly
// instead of following the #hash, so the address bar keeps the route.
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main === null) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
