import { useEffect, useRef, type ReactNode } from "react";
import { productName, useDocumentTitle } from "../../shell/use-document-title.ts";
import * as styles from "./auth-layout.css.ts";

export type AuthLayoutProps = {
  /** The page's one h1, and the first part of document.title. */
  title: string;
  /** While the page waits for the server and has nothing to act on yet. */
  busy?: boolean;
  /**
   * A page opened from an e-mailed link starts with its h1 focused (and announced), including a
   * page that replaces its "checking…" state: the focus never stays on <body>.
   */
  focusHeading?: boolean;
  children: ReactNode;
};

// The frame of every /auth page: one centred card with the product name above the page's h1.
export function AuthLayout({ title, busy, focusHeading = false, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    if (!focusHeading || element === null) return;
    // Only when nothing else has the focus: a field the person already chose keeps it.
    const active = element.ownerDocument.activeElement;
    if (active === null || active === element.ownerDocument.body) element.focus();
  }, [focusHeading, title]);
  return (
    <main className={styles.main} aria-busy={busy === true ? true : undefined}>
      <div className={styles.card}>
        <p className={styles.product}>{productName}</p>
        <h1 ref={heading} tabIndex={focusHeading ? -1 : undefined} className={styles.heading}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
