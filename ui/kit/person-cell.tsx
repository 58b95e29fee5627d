import { displayNames, initials } from "../../domain/shared/format/names.ts";
import { Link } from "./link.tsx";
import * as styles from "./person-cell.css.ts";

export type PersonCellProps = {
  readonly firstName: string;
  readonly lastName: string;
  /** Where the name leads (the person's record). */
  readonly href: string;
};

// A person in a table row: the initials avatar (decoration, hidden from screen readers, who hear
// the name) and the name as the row's link. Both names blank read 'N' 'A' (spec section 3).
export function PersonCell({ firstName, lastName, href }: PersonCellProps) {
  const names = displayNames(firstName, lastName);
  return (
    <span className={styles.cell}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(firstName, lastName)}
      </span>
      <Link href={href}>
        {names.firstName} {names.lastName}
      </Link>
    </span>
  );
}

/** An e-mail address in full, wrapping where it must (the 20-character cut is the sidebar footer's). */
export function EmailText({ email }: { readonly email: string }) {
  return <span className={styles.email}>{email}</span>;
}
