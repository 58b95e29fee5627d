import { truncateEmail } from "../../domain/format/email.ts";
import { fullNameOrNotSpecified } from "../../domain/format/names.ts";
import { useDocumentTitle } from "../app/use-document-title.ts";
import { useSignOut } from "../auth/use-sign-out.ts";
import { failureMessage } from "../data/failure-message.ts";
import { useCurrentUser } from "../data/use-current-user.ts";
import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { StatusMessage } from "../kit/status-message.tsx";
import * as styles from "./page.css.ts";

// The signed-in landing page until the role dashboards arrive: it says who is signed in, from
// the server's own record, and offers sign-out. Nothing here is cached beyond the session.
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const user = useCurrentUser();
  const signOut = useSignOut();

  return (
    <main className={styles.main} aria-busy={user.isPending ? true : undefined}>
      <h1 className={styles.heading}>Dashboard</h1>
      <StatusMessage busy={user.isPending}>{user.isPending ? "Loading your profile…" : ""}</StatusMessage>
      <Alert>{user.isError ? failureMessage(user.error) : null}</Alert>
      {user.isError ? (
        <div>
          <Button variant="secondary" onPress={() => void user.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {user.isSuccess ? (
        <p className={styles.lead}>
          Signed in as {fullNameOrNotSpecified(user.data.first_name, user.data.last_name)} (
          {truncateEmail(user.data.email)})
        </p>
      ) : null}
      <div>
        <Button variant="secondary" onPress={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
