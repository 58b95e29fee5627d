import { hrefFor } from "../../../domain/routes.ts";
import type { SessionListItemWire } from "../../../domain/session-review/session-list-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { formatDuration } from "../../../domain/shared/format/duration.ts";
import { formatPercentage } from "../../../domain/shared/format/percentage.ts";
import type { GameLevelId, PatientId } from "../../../domain/shared/ids.ts";
import { REVIEW_STATUS, type ReviewStatus, reviewBadgeTone, reviewStatusOf } from "../../../domain/shared/statuses/review-status.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { Link } from "../../kit/link.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";

const REVIEW_LABEL: Readonly<Record<ReviewStatus, string>> = { [REVIEW_STATUS.reviewed]: "Reviewed", [REVIEW_STATUS.pending]: "Pending" };

const columnsFor = (patientId: PatientId, levelId: GameLevelId): readonly DataColumn<SessionListItemWire>[] => [
  {
    key: "start",
    header: "Start time",
    isRowHeader: true,
    cell: (row) => <Link href={hrefFor("session-detail", { id: patientId, levelId, trendId: row.id })}>{formatDateTime(row.start_time)}</Link>,
  },
  { key: "duration", header: "Duration", cell: (row) => formatDuration(row.duration) },
  { key: "level", header: "Level", cell: (row) => difficultyLabel(row.current_level) },
  { key: "accuracy", header: "Accuracy", numeric: true, cell: (row) => formatPercentage(row.accuracy_percentage) },
  {
    key: "review",
    header: "Review",
    cell: (row) => {
      const status = reviewStatusOf(row.reviewed);
      return <StatusBadge status={status} label={REVIEW_LABEL[status]} tone={reviewBadgeTone(status)} />;
    },
  },
];

// One link per row (the start time opens the session), so Tab moves from session to session.
export function OverviewSessionsTable({
  rows,
  patientId,
  levelId,
  busy,
}: {
  readonly rows: readonly SessionListItemWire[];
  readonly patientId: PatientId;
  readonly levelId: GameLevelId;
  readonly busy: boolean;
}) {
  return (
    <DataTable
      caption="Sessions, newest first"
      columns={columnsFor(patientId, levelId)}
      rows={rows}
      rowKey={(row) => row.id}
      busy={busy}
      empty="No sessions on this page."
    />
  );
}
