import { Link } from "../kit/link.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import * as styles from "../shell/page.css.ts";
import { HOME_PATH } from "../../domain/routes.ts";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main className={styles.main}>
      <h1 className={styles.heading}>Page not found</h1>
      <p className={styles.lead}>
        The address you opened does not match any page of the portal. It may have been mistyped, or the page may
        have moved.
      </p>
      <Link href={HOME_PATH}>Go to the dashboard</Link>
    </main>
  );
}
