import { TREND, type Trend } from "../../domain/shared/format/percentage.ts";
import * as styles from "./stat-tiles.css.ts";

/** One figure: what it measures, its value as shown, and words beneath it (with the arrow they carry, if any). */
export type StatTileItem = {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly detail?: { readonly text: string; readonly trend?: Trend };
};

const ARROW: Readonly<Record<Trend, string | null>> = { [TREND.up]: "▲", [TREND.down]: "▼", [TREND.none]: null };

export type StatTilesProps = {
  readonly tiles: readonly StatTileItem[];
  /** Names the list for screen readers ("Figures for this week"). */
  readonly label: string;
  /** Counts are drawn large; durations and dates at a size they fit. */
  readonly valueSize?: keyof typeof styles.tileValue;
};

// A description list: each tile is read as its label, its figure, then the words under it. The
// trend arrow is hidden from screen readers: "Up 12.5% on last week" says it.
export function StatTiles({ tiles, label, valueSize = "figure" }: StatTilesProps) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {tiles.map((tile) => {
        const arrow = tile.detail?.trend === undefined ? null : ARROW[tile.detail.trend];
        return (
          <div key={tile.key} className={styles.tile}>
            <dt className={styles.tileLabel}>{tile.label}</dt>
            <dd className={styles.tileValue[valueSize]}>{tile.value}</dd>
            {tile.detail === undefined ? null : (
              <dd className={styles.tileDetail}>
                {arrow === null ? null : (
                  <span className={styles.trendArrow} aria-hidden="true">
                    {arrow}
                  </span>
                )}
                <span>{tile.detail.text}</span>
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
