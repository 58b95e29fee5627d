import { useCurrentUser } from "../../data/use-current-user.ts";
import { PasswordSection } from "./password-section.tsx";
import { SecondFactorsSection } from "./second-factors-section.tsx";
import * as styles from "./settings-page.css.ts";
import { QueryStatus } from "../../kit/query-status.tsx";

// Settings > Security: the password needs nothing loaded; the second factors need the user record.
export function SecurityTab() {
  const user = useCurrentUser();
  return (
    <>
      <PasswordSection />
      <div className={styles.section}>
        <QueryStatus query={user} loading="Loading your verification methods…" />
      </div>
      {user.isSuccess ? <SecondFactorsSection user={user.data} /> : null}
    </>
  );
}
