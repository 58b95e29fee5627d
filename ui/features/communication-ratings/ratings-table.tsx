import { useMemo } from "react";
import { LEVEL_LABELS, RATING_OCCASION_NAMES, RATING_SCALE_NAMES } from "../../../domain/communication-ratings/rating-scales.ts";
import { changeWords, type ScaleStanding, scaleStandings } from "../../../domain/communication-ratings/rating-summary.ts";
import type { CommunicationRating } from "../../../domain/communication-ratings/rating-wire.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import { type DataColumn, DataTable } from "../../kit/data-table.tsx";

type Standing = ScaleStanding<CommunicationRating>;

// Every scale a row, rated or not, so a reader sees what is still to rate; the change is in words
// ("Up 2 levels since Jan 5, 2026"), never by colour or an arrow alone.
const COLUMNS: readonly DataColumn<Standing>[] = [
  { key: "scale", header: "Scale", isRowHeader: true, cell: (row) => RATING_SCALE_NAMES[row.scale] },
  { key: "level", header: "Latest level", cell: (row) => (row.latest === null ? "Not rated yet" : `${row.latest.level} of 7: ${LEVEL_LABELS[row.latest.level] ?? ""}`) },
  {
    key: "rated",
    header: "Rated",
    cell: (row) =>
      row.latest === null
        ? "Never"
        : `${dayLabel(row.latest.rated_on)}, ${RATING_OCCASION_NAMES[row.latest.occasion]}, by ${fullNameOrNotSpecified(row.latest.rated_by.first_name, row.latest.rated_by.last_name)}`,
  },
  { key: "change", header: "Change", cell: (row) => changeWords(row) },
];

/** Each scale's latest level and its change since the rating before. */
export function RatingsTable({ ratings }: { readonly ratings: readonly CommunicationRating[] }) {
  const rows = useMemo(() => scaleStandings(ratings), [ratings]);
  return <DataTable caption="Latest level of each scale" columns={COLUMNS} rows={rows} rowKey={(row) => row.scale} />;
}
