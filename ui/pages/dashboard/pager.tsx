import { Button } from "../../kit/button.tsx";
import * as styles from "./dashboard.css.ts";

export type PagerProps = {
  readonly page: number;
  readonly totalPages: number;
  readonly onPage: (page: number) => void;
  /** While a page loads both buttons wait, so a double press cannot skip a page. */
  readonly isLoading?: boolean;
  readonly label: string;
};

// Previous/Next rather than numbered pages: a dashboard is scanned from the top, rarely jumped into.
export function Pager({ page, totalPages, onPage, isLoading = false, label }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      <Button variant="secondary" isDisabled={page <= 1 || isLoading} onPress={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {totalPages}
      </span>
      <Button variant="secondary" isDisabled={page >= totalPages || isLoading} onPress={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
