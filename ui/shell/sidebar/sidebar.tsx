import { memo, useMemo } from "react";
import { Link } from "react-aria-components";
import { useLocation } from "wouter";
import { HOME_PATH, sidebarAreaOf, sidebarEntries } from "../../../domain/routes.ts";
import { toClientPermissions } from "../../../domain/shared/permissions/client-permissions.ts";
import { productName } from "../use-document-title.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { useDeferredArrival } from "../../kit/deferred-render.tsx";
import { routeFocusTarget } from "../route-focus.tsx";
import { routeUserOf } from "../route-user.ts";
import { MAIN_NAVIGATION_ID } from "../shell-constants.ts";
import { LogoMark, SidebarIcon } from "./sidebar-icons.tsx";
import { SidebarFooter } from "./sidebar-footer.tsx";
import { useSidebarBadges } from "./sidebar-badges.ts";
import * as styles from "./sidebar.css.ts";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";

/** Before the record arrives: only what every user holds (the dashboard). */
const NOT_LOADED = { permissions: toClientPermissions({}), role: undefined } as const;

// Spec section 2, "Sidebar navigation". Until the user record arrives only the entries every user
// holds (the dashboard) are listed; the rest appear with the record's permissions. A click on the
// entry of the page already shown navigates nowhere, so nothing would move the focus out of the
// strip and it would stay open over the page (on a phone, over most of it): the page's start takes
// the focus, as after a navigation, and the strip closes.
// Memoised: it takes no props and reads its own data, so the shell's redraws for a breadcrumb fact
// (the patient, then the session, arriving before the page's first render) leave it alone.
export const Sidebar = memo(function Sidebar() {
  const user = useCurrentUser();
  const [path] = useLocation();
  // The record's entries come in a deferred render, beside the page's (issue 35, blocking time).
  const userData = useDeferredArrival(user.data);
  const entries = useMemo(() => sidebarEntries(userData === undefined ? NOT_LOADED : routeUserOf(userData)), [userData]);
  const currentArea = sidebarAreaOf(path);
  const badges = useSidebarBadges();

  return (
    <nav id={MAIN_NAVIGATION_ID} aria-label="Main" className={styles.sidebar}>
      <Link href={HOME_PATH} className={styles.logo} aria-label={`${productName}, dashboard`}>
        <span className={styles.logoMark}>
          <LogoMark />
        </span>
        <span className={`${styles.reveal} ${styles.wordmark}`} aria-hidden="true">
          Speech therapy care
        </span>
      </Link>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.href}
              className={styles.entry}
              aria-current={entry.key === currentArea ? "page" : undefined}
              onPress={() => {
                if (entry.href === path) closeOnCurrentPage();
              }}
            >
              <span className={styles.entryIcon}>
                <SidebarIcon entry={entry.key} />
              </span>
              <span className={styles.reveal}>{entry.label}</span>
              <EntryBadge count={badges[entry.key] ?? 0} />
            </Link>
          </li>
        ))}
      </ul>
      <SidebarFooter user={user} />
    </nav>
  );
});

// The count is part of the link's name ("SLP Chat, 3 unread"); the number alone is drawn, the words are for screen readers.
function EntryBadge({ count }: { readonly count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className={visuallyHidden}>{`, ${count} unread`}</span>
    </span>
  );
}

/** After the click is handled (the router's same-address push included), the page's h1 takes the focus. */
function closeOnCurrentPage(): void {
  requestAnimationFrame(() => routeFocusTarget(document)?.focus());
}
