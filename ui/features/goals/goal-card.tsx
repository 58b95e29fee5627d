import { GOAL_STATUS_NAMES, GOAL_STATUS_TONE, criterionInWords } from "../../../domain/goals/goal-criterion.ts";
import { baselineCurrentTarget, goalSummary } from "../../../domain/goals/goal-summary.ts";
import type { GoalPointWire, GoalWire } from "../../../domain/goals/goals-wire.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { chartScroller } from "../../kit/value-chart.css.ts";
import { Button } from "../../kit/button.tsx";
import { GoalChart } from "./goal-chart.tsx";
import * as styles from "./goals.css.ts";

const COLUMNS: readonly DataColumn<GoalPointWire>[] = [
  { key: "day", header: "Session", isRowHeader: true, cell: (point) => dayLabel(point.day) },
  { key: "level", header: "Level", cell: (point) => point.level },
  { key: "accuracy", header: "Accuracy (corrected)", numeric: true, cell: (point) => `${point.accuracy}%` },
  { key: "meets", header: "Meets the target", cell: (point) => (point.meets ? "Yes" : "No") },
];

const LIFECYCLE_WORDS = { active: null, met: "Closed as met", discontinued: "Discontinued" } as const;

export type GoalCardProps = {
  readonly goal: GoalWire;
  /** Edit is offered (goals create and update). */
  readonly canEdit: boolean;
  readonly onEdit: (opener: HTMLElement | null) => void;
};

// One goal (issue 37): its label and status in words, the statement, the criterion in words,
// baseline -> current -> target, the one-sentence summary, the chart with the target and the
// baseline marked, and the same numbers as a table behind a disclosure.
export function GoalCard({ goal, canEdit, onEdit }: GoalCardProps) {
  const criterion = { minAccuracy: goal.min_accuracy };
  const summary = goalSummary(goal.label, goal.progress, criterion, goal.due_date);
  const headingId = `goal-${goal.id}-heading`;
  const editId = `goal-${goal.id}-edit`;
  const lifecycle = LIFECYCLE_WORDS[goal.lifecycle];
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.headingRow}>
        <h3 id={headingId} className={styles.cardHeading}>
          {goal.label}
          {goal.kind === "short_term" ? " (short-term)" : " (long-term)"}
        </h3>
        <StatusBadge status={goal.progress.status} label={`Status: ${GOAL_STATUS_NAMES[goal.progress.status]}`} tone={GOAL_STATUS_TONE[goal.progress.status]} />
        {lifecycle === null ? null : <StatusBadge status={goal.lifecycle} label={lifecycle} tone="neutral" />}
      </div>
      <p className={styles.summary}>{goal.statement}</p>
      <dl className={styles.facts}>
        <dt className={styles.term}>Criterion</dt>
        <dd className={styles.detail}>{criterionInWords({ gameTypes: goal.game_types, minLevel: goal.min_level, minAccuracy: goal.min_accuracy, window: goal.window, sessions: goal.sessions, ofSessions: goal.of_sessions }, dayLabel(goal.due_date))}</dd>
        <dt className={styles.term}>Progress</dt>
        <dd className={styles.detail}>{baselineCurrentTarget(goal.progress, criterion)}</dd>
        <dt className={styles.term}>Period</dt>
        <dd className={styles.detail}>
          {dayLabel(goal.start_date)} to {dayLabel(goal.due_date)}
        </dd>
      </dl>
      <p className={styles.summary}>{summary}</p>
      <div className={chartScroller} role="region" aria-label={`Chart of ${goal.label}`} tabIndex={0}>
        <GoalChart goal={goal} summary={summary} />
      </div>
      {goal.progress.points.length === 0 ? null : (
        <details className={styles.alternative}>
          <summary className={styles.disclosure}>Show {goal.label}'s sessions as a table</summary>
          <DataTable caption={`${goal.label}: measured sessions since the start, oldest first`} columns={COLUMNS} rows={goal.progress.points} rowKey={(point) => point.session} />
        </details>
      )}
      {canEdit ? (
        <div className={styles.buttons}>
          <Button id={editId} variant="secondary" onPress={() => onEdit(document.getElementById(editId))}>
            Edit {goal.label}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
