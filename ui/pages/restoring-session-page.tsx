import { useDocumentTitle } from "../app/use-document-title.ts";
import { useRestoreSession } from "../auth/use-restore-session.ts";
import { StatusMessage } from "../kit/status-message.tsx";
import * as styles from "./page.css.ts";

// Shown in place of an application page after a reload, while the refresh token is exchanged for
// a new access token. A failed refresh clears the session and reloads, which lands on sign-in.
export function RestoringSessionPage() {
  useDocumentTitle("Restoring your session");
  useRestoreSession();
  return (
    <main className={styles.main} aria-busy>
      <h1 className={styles.heading}>Restoring your session</h1>
      <StatusMessage busy>Checking that you are still signed in…</StatusMessage>
    </main>
  );
}
