import type { StatTile } from "../../../domain/session-review/session-tiles.ts";
import { TrendArrow } from "./trend-arrow.tsx";
import * as styles from "./session-review.css.ts";

// A description list: each figure is read as its label, its value, then its change in words;
// the arrow beside the words is decorative.
export function SessionTiles({ tiles }: { readonly tiles: readonly StatTile[] }) {
  return (
    <dl className={styles.tiles}>
      {tiles.map((tile) => (
        <div key={tile.label} className={styles.tile}>
          <dt className={styles.tileLabel}>{tile.label}</dt>
          <dd className={styles.tileValue}>{tile.value}</dd>
          {tile.change === undefined ? null : (
            <dd className={styles.tileChange}>
              <TrendArrow trend={tile.change.trend} /> {tile.change.text}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
