import type { UseQueryResult } from "@tanstack/react-query";
import { Focusable } from "react-aria-components";
import { truncateEmail } from "../../../domain/shared/format/email.ts";
import { fullNameOrNotSpecified, initials } from "../../../domain/shared/format/names.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { useSignOut } from "../../session/use-sign-out.ts";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { Tooltip } from "../../kit/tooltip.tsx";
import * as styles from "./sidebar.css.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";

// Who is signed in, with Settings and Sign out. Spec section 2: initials, the full name or
// 'Not specified', the email cut to 20 characters (the full address in a tooltip and in what a
// screen reader reads), and a pulsing placeholder while the profile loads.
export function SidebarFooter({ user }: { user: UseQueryResult<CurrentUser> }) {
  const signOut = useSignOut();
  return (
    <div className={styles.footer}>
      {user.isSuccess ? (
        <Profile user={user.data} />
      ) : user.isError ? (
        // The page announces the failure and offers Try again; the footer only says why it is empty.
        <p className={`${styles.reveal} ${styles.actions}`}>Profile unavailable</p>
      ) : (
        <div className={styles.placeholder} aria-busy="true" role="status">
          <span className={styles.avatarColumn}>
            <span className={styles.placeholderAvatar} />
          </span>
          <span className={styles.placeholderLines}>
            <span className={styles.placeholderLine} />
            <span className={styles.placeholderLine} />
          </span>
          <span className={visuallyHidden}>Loading your profile</span>
        </div>
      )}
      <div className={`${styles.reveal} ${styles.actions}`}>
        <Link href={hrefFor("settings", { tab: "profile" })}>Settings</Link>
        <Button variant="secondary" onPress={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </div>
  );
}

function Profile({ user }: { user: CurrentUser }) {
  const shownEmail = truncateEmail(user.email);
  return (
    <div className={styles.profile}>
      <span className={styles.avatarColumn}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(user.first_name, user.last_name)}
        </span>
      </span>
      <span className={`${styles.reveal} ${styles.who}`}>
        <span className={styles.name}>{fullNameOrNotSpecified(user.first_name, user.last_name)}</span>
        {shownEmail === user.email ? (
          <span className={styles.email}>{user.email}</span>
        ) : (
          // Focusable so keyboard users can open the tooltip; the cut text is hidden from screen
          // readers, which read the whole address instead.
          <Tooltip content={user.email}>
            <Focusable>
              <span className={styles.email} tabIndex={0} data-email="truncated">
                <span aria-hidden="true">{shownEmail}</span>
                <span className={visuallyHidden}>{user.email}</span>
              </span>
            </Focusable>
          </Tooltip>
        )}
      </span>
    </div>
  );
}
