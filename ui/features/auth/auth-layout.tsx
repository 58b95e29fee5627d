import type { ReactNode } from "react";
import { productName, useDocumentTitle } from "../../shell/use-document-title.ts";
import * as styles from "./auth-layout.css.ts";

export type AuthLayoutProps = {
  /** The page's one h1, and the first part of document.title. */
  title: string;
  /** While the page waits for the server and has nothing to act on yet. */
  busy?: boolean;
  children: ReactNode;
};

// The frame of every /auth page: one centred card with the product name above the page's h1.
export function AuthLayout({ title, busy, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <main className={styles.main} aria-busy={busy === true ? true : undefined}>
      <div className={styles.card}>
        <p className={styles.product}>{productName}</p>
        <h1 className={styles.heading}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
