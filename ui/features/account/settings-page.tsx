import { type KeyboardEvent, lazy, Suspense } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { StatusMessage } from "../../kit/status-message.tsx";
import { ProfileTab } from "./profile-tab.tsx";
import * as styles from "./settings-page.css.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { SettingsTab } from "../../../domain/account/routes.ts";

export type { SettingsTab };

// The Security tab (the second-factor changes with their SMS phone rule, the QR code encoder and
// the code entry, about 40 kB gzip with the phone-number library) is a chunk of its own: /settings
// opens on the profile, and the heading and tabs never wait for it (issue 35).
const SecurityTab = lazy(() => import("./security-tab.tsx").then((module) => ({ default: module.SecurityTab })));

const TAB_PATHS: Readonly<Record<SettingsTab, string>> = {
  profile: hrefFor("settings", { tab: "profile" }),
  security: hrefFor("settings", { tab: "security" }),
};

// Each tab is its own route, so the router may mount a new page for it; a keyboard user who moved
// between tabs must still find focus on the tab they moved to. Only one settings page is shown.
let keyPressedOnTab: string | null = null;

// /settings/profile and /settings/security: one page whose tabs are links, so the URL names the
// tab (bookmarks, back button) and arrow keys move between tabs through the router. The layout
// around it provides <main>; the page starts with its h1.
export function SettingsPage({ tab }: { tab: SettingsTab }) {
  // The document title ("Profile – Settings") comes from the route (domain/account/routes.ts), agreeing with the h1.
  // React Aria renders the tabs after the page's first commit, so the tab is focused from its ref.
  const focusIfMovedHere = (id: SettingsTab) => (element: HTMLElement | null) => {
    // Only after a key on the other tab moved here: never steal focus on an ordinary re-render.
    if (element === null || id !== tab || keyPressedOnTab === null || keyPressedOnTab === tab) return;
    keyPressedOnTab = null;
    element.focus();
  };

  const rememberKeyboard = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    keyPressedOnTab = target?.getAttribute("role") === "tab" ? (target.getAttribute("data-key") ?? null) : null;
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Settings</h1>
      <Tabs selectedKey={tab} className={styles.tabs}>
        {/* A keyboard listener only: the tabs themselves stay React Aria's. */}
        <div onKeyDownCapture={rememberKeyboard}>
          <TabList aria-label="Settings" className={styles.tabList}>
            <Tab id="profile" ref={focusIfMovedHere("profile")} href={TAB_PATHS.profile} className={styles.tab}>
              Profile
            </Tab>
            <Tab id="security" ref={focusIfMovedHere("security")} href={TAB_PATHS.security} className={styles.tab}>
              Security
            </Tab>
          </TabList>
        </div>
        <TabPanel id="profile" className={styles.panel}>
          <ProfileTab />
        </TabPanel>
        <TabPanel id="security" className={styles.panel}>
          <Suspense fallback={<StatusMessage busy>Loading your security settings…</StatusMessage>}>
            <SecurityTab />
          </Suspense>
        </TabPanel>
      </Tabs>
    </div>
  );
}
