import type { OverviewFigures } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import * as styles from "./dashboard.css.ts";

type Tile = { readonly label: string; readonly value: number; readonly detail?: string };

const tilesOf = (figures: OverviewFigures, days: number): readonly Tile[] => [
  {
    label: "Active patients",
    value: figures.patients.active,
    detail: `${figures.patients.pending} pending, ${figures.patients.inactive} inactive`,
  },
  { label: `Sessions played (last ${days} days)`, value: figures.sessions_played },
  { label: "Sessions awaiting review", value: figures.sessions_awaiting_review, detail: `of those played in the last ${days} days` },
  { label: "Patients without activity", value: figures.patients_without_activity, detail: `active, no session in ${days} days` },
  {
    label: "Active SLPs",
    value: figures.slps.active,
    detail: `${figures.slps.pending} pending, ${figures.slps.inactive} inactive`,
  },
];

// A description list: each figure is read as its label, then its number, then what it counts.
export function StatTiles({ figures, periodDays, label }: { figures: OverviewFigures; periodDays: number; label: string }) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {tilesOf(figures, periodDays).map((tile) => (
        <div key={tile.label} className={styles.tile}>
          <dt className={styles.tileLabel}>{tile.label}</dt>
          <dd className={styles.tileValue}>{tile.value}</dd>
          {tile.detail === undefined ? null : <dd className={styles.tileDetail}>{tile.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}
