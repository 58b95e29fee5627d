import { useDocumentTitle } from "../app/use-document-title.ts";
import * as styles from "./page.css.ts";

// Stands in for /auth/sign-in until the sign-in flow lands; it says so plainly rather than
// showing a form that cannot work yet.
export function SignInPlaceholderPage() {
  useDocumentTitle("Sign in");
  return (
    <main className={styles.main}>
      <h1 className={styles.heading}>Sign in</h1>
      <p className={styles.lead}>
        Signing in is not available in this build of the portal yet. It arrives with the next release, together
        with the two-step verification that protects patient records.
      </p>
    </main>
  );
}
