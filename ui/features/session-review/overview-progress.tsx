import type { UseQueryResult } from "@tanstack/react-query";
import { progressPoints, progressSummary, type ProgressPoint } from "../../../domain/session-review/progress-points.ts";
import type { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";
import { formatDuration } from "../../../domain/shared/format/duration.ts";
import { formatPercentage } from "../../../domain/shared/format/percentage.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { ProgressChart } from "./progress-chart.tsx";
import * as styles from "./overview.css.ts";

const COLUMNS: readonly DataColumn<ProgressPoint>[] = [
  { key: "start", header: "Session", isRowHeader: true, cell: (point) => point.startLabel },
  { key: "accuracy", header: "Accuracy", numeric: true, cell: (point) => formatPercentage(point.accuracyPercent) },
  { key: "time", header: "Time", numeric: true, cell: (point) => formatDuration(point.durationSeconds) },
];

const sessionsWord = (count: number): string => (count === 1 ? "the latest session" : `the latest ${count} sessions`);

// Accuracy and time across the latest sessions (one page of up to MAX_PAGE_SIZE, newest first on
// the wire, drawn oldest to newest), with the same numbers as a table behind a disclosure.
export function OverviewProgress({ query }: { readonly query: UseQueryResult<SessionListPageWire> }) {
  const points = query.data === undefined ? [] : progressPoints(query.data.results);
  return (
    <section className={styles.section} aria-labelledby="progress-heading">
      <h2 id="progress-heading" className={styles.subheading}>
        Progress
      </h2>
      <QueryStatus query={query} loading="Loading the progress chart…" status="" busy={query.isPending} />
      {query.data === undefined ? null : points.length === 0 ? (
        <p className={styles.lead}>No sessions played yet.</p>
      ) : (
        <>
          <p className={styles.lead}>
            Accuracy and time of {sessionsWord(points.length)}, oldest on the left
            {query.data.count > points.length ? ` (of ${query.data.count} in all)` : ""}.
          </p>
          <div className={styles.chartScroller} role="region" aria-label="Progress chart" tabIndex={0}>
            <ProgressChart points={points} summary={progressSummary(points)} />
          </div>
          <details className={styles.alternative}>
            <summary className={styles.disclosure}>Show as table</summary>
            <DataTable caption="Accuracy and time by session, oldest first" columns={COLUMNS} rows={points} rowKey={(point) => point.sessionId} />
          </details>
        </>
      )}
    </section>
  );
}
