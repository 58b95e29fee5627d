import type { ReactNode } from "react";
import { useDocumentTitle } from "./use-document-title.ts";
import * as styles from "./section-page.css.ts";

export const NOT_AVAILABLE_YET = "This area is not available yet.";

// One honest page for every area a later release builds (admins, institutions, SLPs, patients,
// exercises, billing, chat, create pages, details panel): its name, and a plain statement that it
// is not there yet, instead of an empty screen or a fake one. The layout supplies the breadcrumb.
export function SectionPage({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      {children}
      <p className={styles.status}>{NOT_AVAILABLE_YET}</p>
    </div>
  );
}
