import { hrefFor } from "../../../domain/routes.ts";
import { Link } from "../../kit/link.tsx";
import { reviewText } from "../../../domain/audit/audit-review-form.ts";
import { useAuditReviews } from "./use-audit.ts";

/**
 * The administrator's dashboard line on the audit log's review (issue 38): when the last review
 * was, or that none was signed off yet, with the way to the log.
 */
export function LastAuditReview() {
  const reviews = useAuditReviews();
  const last = reviews.data?.results[0];
  return (
    <p>
      {reviews.data === undefined ? "Audit log review: loading…" : last === undefined ? "The audit log has not been reviewed yet." : `Last audit log review: ${reviewText(last)}.`}{" "}
      <Link href={hrefFor("audit")}>Open the audit log</Link>
    </p>
  );
}
