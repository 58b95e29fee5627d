import { StatusMessage } from "../../kit/status-message.tsx";
import * as styles from "./patients.css.ts";

// What a patients page shows while its code downloads (they are their own chunks, so the
// dashboard where everyone lands does not carry the form, the pickers and the postal-code rules).
// The h1 is there at once, so focus has its heading on arrival.
export function PatientsLoading({ title }: { readonly title: string }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <StatusMessage busy>Loading this page…</StatusMessage>
    </div>
  );
}
