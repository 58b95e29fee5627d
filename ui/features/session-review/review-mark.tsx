import type { ReactNode, RefObject } from "react";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { GameLevelId, GameSessionId } from "../../../domain/shared/ids.ts";
import { reviewBadgeTone, reviewStatusOf } from "../../../domain/shared/statuses/review-status.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { useMarkReviewed } from "./use-session-review-writes.ts";
import * as styles from "./session-review.css.ts";

/** Whether the session has been reviewed, by whom and when, and the button that marks it (or reopens it). */
type ReviewMarkProps = {
  readonly detail: SessionDetailWire;
  readonly canMark: boolean;
  readonly levelId: GameLevelId;
  readonly sessionId: GameSessionId;
  /** Told whether the session is now reviewed, after each mark succeeds. */
  readonly onReviewed: (reviewed: boolean) => void;
  /** Moves the focus to the first attempt's Add note; null when the caller may add none (or there is no attempt). */
  readonly toNotes: (() => void) | null;
  /** The region's element, where the r shortcut finds the first action. */
  readonly region: RefObject<HTMLElement | null>;
  /** What follows a mark: the offer of the next pending session. */
  readonly children?: ReactNode;
};

export function ReviewMark({ detail, canMark, levelId, sessionId, onReviewed, toNotes, region, children }: ReviewMarkProps) {
  const mark = useMarkReviewed(sessionId, levelId);
  const review = detail.review ?? null;
  const reviewed = review !== null;
  return (
    <section ref={region} className={styles.section} aria-labelledby="review-heading">
      <h2 id="review-heading" className={styles.subheading}>
        Review
      </h2>
      <div className={styles.review}>
        <StatusBadge status={reviewStatusOf(reviewed)} label={reviewed ? "Reviewed" : "Pending review"} tone={reviewBadgeTone(reviewStatusOf(reviewed))} />
        <span>
          {review === null
            ? "This session has not been reviewed yet."
            : `Reviewed by ${fullNameOrNotSpecified(review.reviewed_by.first_name, review.reviewed_by.last_name)} on ${formatDateTime(review.reviewed_at)}.`}
        </span>
        {canMark ? (
          <Button
            variant={reviewed ? "secondary" : "primary"}
            isPending={mark.isPending}
            onPress={() =>
              mark.mutate({ reviewed: !reviewed, version: detail.version }, {
                onSuccess: (answer) => {
                  // useMarkReviewed has read the queue's counts and steps again by now: the offer shows fresh ones.
                  onReviewed(answer.reviewed);
                },
              })
            }
          >
            {reviewed ? "Reopen review" : "Mark as reviewed"}
          </Button>
        ) : null}
        {toNotes === null ? null : (
          <Button variant="secondary" onPress={toNotes}>
            Add note on an attempt
          </Button>
        )}
      </div>
      {children}
      <Alert>{mark.isError ? failureMessage(mark.error) : null}</Alert>
    </section>
  );
}
