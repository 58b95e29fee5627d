import type { ButtonHTMLAttributes } from "react";
import * as styles from "./table-button.css.ts";

export type TableButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "type">;

// A native button for controls repeated in every row of a long table (play, edit, add note). The
// kit's Button brings React Aria's press and focus hooks, which cost too much rendered 500 times
// over; a native button is already keyboard-operable (Enter and Space) and shows :focus-visible.
export function TableButton(props: TableButtonProps) {
  return <button type="button" {...props} className={styles.tableButton} />;
}
