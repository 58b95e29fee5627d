import { StatusMessage } from "../../kit/status-message.tsx";
import * as styles from "./settings-page.css.ts";

// Shown inside the shell while the settings chunk downloads: the page's own heading comes first,
// so the heading does not move or change when the tabs arrive.
export function SettingsLoading() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Settings</h1>
      <StatusMessage busy>Loading your settings…</StatusMessage>
    </div>
  );
}
