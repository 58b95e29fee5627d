import { failureMessage } from "../../data/failure-message.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { PasswordSection } from "./password-section.tsx";
import { SecondFactorsSection } from "./second-factors-section.tsx";
import * as styles from "./settings-page.css.ts";

// Settings > Security: the password needs nothing loaded; the second factors need the user record.
export function SecurityTab() {
  const user = useCurrentUser();
  return (
    <>
      <PasswordSection />
      {user.isPending ? <StatusMessage busy>Loading your verification methods…</StatusMessage> : null}
      {user.isError ? (
        <div className={styles.section}>
          <Alert>{failureMessage(user.error)}</Alert>
          <div>
            <Button variant="secondary" onPress={() => void user.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}
      {user.isSuccess ? <SecondFactorsSection user={user.data} /> : null}
    </>
  );
}
