import { useDocumentTitle } from "../app/use-document-title.ts";
import { StatusMessage } from "../kit/status-message.tsx";
import * as styles from "../pages/page.css.ts";

// Shown while the signed-in area's code downloads (it is a lazy chunk). Kept out of that chunk,
// and free of the sidebar, so it can show at once.
export function ShellLoadingPage() {
  useDocumentTitle("Loading");
  return (
    <main className={styles.main} aria-busy="true">
      <h1 className={styles.heading}>Loading the portal</h1>
      <StatusMessage busy>Loading…</StatusMessage>
    </main>
  );
}
