import type { OverviewFigures } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { StatTiles as TileList, type StatTileItem } from "../../kit/stat-tiles.tsx";

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

const itemOf = (tile: Tile): StatTileItem => ({
  key: tile.label,
  label: tile.label,
  value: String(tile.value),
  ...(tile.detail === undefined ? {} : { detail: { text: tile.detail } }),
});

// Each figure is read as its label, then its number, then what it counts.
export function StatTiles({ figures, periodDays, label }: { figures: OverviewFigures; periodDays: number; label: string }) {
  return <TileList tiles={tilesOf(figures, periodDays).map(itemOf)} label={label} valueSize="count" />;
}
