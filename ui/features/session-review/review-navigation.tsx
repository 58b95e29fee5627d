import { announceChange } from "../../feedback/confirm-change.ts";
import { useEffect, useEffectEvent } from "react";
import { correctableAttemptsText, nothingLeftText, sessionsWaiting, walkFilterText } from "../../../domain/review-queue/index.ts";
import {
  neighbourQueries,
  REVIEW_QUEUE_ONLY,
  REVIEW_QUEUE_SCOPE,
  type ReviewQueueSession,
  type ReviewWalk,
  walkQuery,
} from "../../../domain/review-queue/index.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { Link } from "../../kit/link.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { pendingSessionHref, useReviewQueueStep } from "../review-queue/index.ts";
import * as pageStyles from "./session-review.css.ts";
import * as styles from "./review-queue.css.ts";

/** The session a page shows, as its address needs it. */
export type SessionPlace = Pick<ReviewQueueSession, "id" | "patient_id" | "level_id">;

export type { ReviewWalk };

/** "Naming, 3 Mar 2026, 10:00 · 2 attempts you can correct": which session a step leads to, and whether its scores can be corrected. */
export const sessionName = (session: ReviewQueueSession): string =>
  `${session.game_name}, ${formatDateTime(session.start_time)} · ${correctableAttemptsText(session.correctable_attempts)}`;

/**
 * The pending sessions on either side of this one (by start, oldest first) and how many wait in the
 * walk's scope: the previous/next links and the n/p shortcuts read the same answers.
 */
export function useQueueNeighbours(walk: ReviewWalk) {
  const steps = neighbourQueries(walk);
  return { next: useReviewQueueStep(steps.next), previous: useReviewQueueStep(steps.previous) };
}
export type QueueNeighbours = ReturnType<typeof useQueueNeighbours>;

/**
 * After a review mark, where the walk goes on: the next pending session after this one, or, when
 * none is later, the oldest one still waiting (a session skipped earlier); null once none is left.
 * Undefined while it is being found.
 */
export function useNextAfterReview(walk: ReviewWalk, neighbours: QueueNeighbours, enabled: boolean): ReviewQueueSession | null | undefined {
  const later = neighbours.next.data;
  const first = useReviewQueueStep(walkQuery(walk), enabled && later !== undefined && later.session === null && later.pending > 0);
  if (!enabled || later === undefined) return undefined;
  if (later.session !== null) return later.session;
  if (later.pending === 0) return null;
  if (first.data === undefined) return first.isError ? null : undefined;
  // This session itself (still pending when the count was taken) is not where the walk goes on.
  return first.data.session === null || first.data.session.id === walk.sessionId ? null : first.data.session;
}

/** The previous and next pending session of the walk, as links, or words saying there is none on that side; and the switch of its filter. */
export function ReviewNavigation({ walk, neighbours, here }: { readonly walk: ReviewWalk; readonly neighbours: QueueNeighbours; readonly here: SessionPlace }) {
  const { next, previous } = neighbours;
  if (next.isError || previous.isError) {
    return <p className={pageStyles.muted}>The review queue could not be loaded.</p>;
  }
  const pending = next.data?.pending;
  return (
    <nav aria-label="Review queue" className={styles.queueNav}>
      {pending === undefined ? null : (
        <span>
          {sessionsWaiting(pending)}
          {walk.scope === REVIEW_QUEUE_SCOPE.caseload ? " in your caseload" : " for this patient"}
        </span>
      )}
      <Step session={previous.data?.session} label="Previous pending session" none="No earlier pending session" walk={walk} />
      <Step session={next.data?.session} label="Next pending session" none="No later pending session" walk={walk} />
      <WalkFilter walk={walk} here={here} />
    </nav>
  );
}

function Step({ session, label, none, walk }: { readonly session: ReviewQueueSession | null | undefined; readonly label: string; readonly none: string; readonly walk: ReviewWalk }) {
  if (session === undefined) return null;
  if (session === null) return <span className={pageStyles.muted}>{walk.only === null ? none : `${none} with attempts you can correct`}</span>;
  return (
    <span>
      <Link href={pendingSessionHref(session, walk.scope, walk.only)}>{label}</Link> <span className={pageStyles.muted}>({sessionName(session)})</span>
    </span>
  );
}

/**
 * The walk's filter, said and switched in words (issue 31): this same session's address with or
 * without ?only=correctable, so the SLP chooses whether the queue skips sessions the game locked.
 */
function WalkFilter({ walk, here }: { readonly walk: ReviewWalk; readonly here: SessionPlace }) {
  const words = walkFilterText(walk.only);
  return (
    <span>
      {words.now} <Link href={pendingSessionHref(here, walk.scope, walk.only === null ? REVIEW_QUEUE_ONLY.correctable : null)}>{words.switchTo}</Link>
    </span>
  );
}

/** The offer's link, which the workday focuses (the kit's Link takes no ref). */
export const OFFER_LINK = "[data-review-offer] a";

type NextAfterReviewProps = {
  readonly target: ReviewQueueSession | null | undefined;
  readonly walk: ReviewWalk;
  readonly patientName: string | null;
  /** Called each time a session is offered; the workday moves the focus to it the first time after the mark only. */
  readonly onShown: () => void;
};

/**
 * Shown once the session is marked reviewed: a link on to the next pending session, or words
 * saying none is left for the patient (or caseload). The link takes the focus once, after the
 * SLP's mark (so Enter goes on at once); a later answer of the queue only changes its words.
 */
export function NextAfterReview({ target, walk, patientName, onShown }: NextAfterReviewProps) {
  const targetId = target?.id;
  useEffect(() => {
    if (targetId !== undefined) onShown();
  }, [targetId, onShown]);
  // Said through the announcer, not a status region: when the answer is already cached the region
  // would appear together with its text, which screen readers do not read. Said once each time none
  // is left, not again when only its words change (the patient's name arriving after the queue).
  const noneLeft = target === null ? `${nothingLeftText(walk.scope, patientName)}.` : null;
  const sayNoneLeft = useEffectEvent(() => {
    if (noneLeft !== null) announceChange(noneLeft);
  });
  const isNoneLeft = noneLeft !== null;
  useEffect(() => {
    if (isNoneLeft) sayNoneLeft();
  }, [isNoneLeft]);
  if (target === undefined) return <StatusMessage busy>Finding the next pending session…</StatusMessage>;
  if (target === null) return <p className={styles.after}>{noneLeft}</p>;
  return (
    <p data-review-offer="" className={styles.after}>
      <Link href={pendingSessionHref(target, walk.scope, walk.only)}>
        Next pending session: {sessionName(target)}
      </Link>
    </p>
  );
}
