import type { StatTile } from "../../../domain/session-review/stat-tile.ts";
import { TREND, type Trend } from "../../../domain/shared/format/percentage.ts";
import * as styles from "./overview.css.ts";

const ARROW: Readonly<Record<Trend, string | null>> = { [TREND.up]: "▲", [TREND.down]: "▼", [TREND.none]: null };

// Both session-review pages' figures. A description list like the dashboard's: each tile is read
// as its label, its figure, then the words under it. The trend arrow is hidden from screen
// readers: "Up 12.5% on last week" says it.
export function StatTiles({ tiles, label }: { readonly tiles: readonly StatTile[]; readonly label: string }) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {tiles.map((tile) => {
        const arrow = tile.detail?.trend === undefined ? null : ARROW[tile.detail.trend];
        return (
          <div key={tile.key} className={styles.tile}>
            <dt className={styles.tileLabel}>{tile.label}</dt>
            <dd className={styles.tileValue}>{tile.value}</dd>
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
