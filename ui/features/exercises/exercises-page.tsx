import { useMemo } from "react";
import { type ContentDownloadPort } from "../../../adapters/exercises/index.ts";
import { catalogueContentUrl } from "../../../domain/exercises/exercises-page-kind.ts";
import type { GameSummary } from "../../../domain/exercises/index.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { offeredLevels } from "../../../domain/shared/games/difficulty.ts";
import { toClientPermissions } from "../../../domain/shared/permissions/client-permissions.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import { ContentPreview } from "./content-preview.tsx";
import { GameSelectionPanel, type NamedSelectableGame } from "./exercises-page-selection.tsx";
import { useGameCatalogue } from "./use-exercises.ts";
import * as styles from "./exercises.css.ts";

/** Whether the user may assign games (the `game` assignGame permission): the selection is theirs to make. */
export const mayAssignGames = (user: CurrentUser): boolean => (toClientPermissions(user.permissions).game ?? []).includes("assignGame");

const selectableOf = (games: readonly GameSummary[]): readonly NamedSelectableGame[] =>
  games.map((game) => ({ id: game.id, name: game.name, levelsAvailable: game.levels_available }));

// /exercises for SLPs and staff admins: the games with their levels, a preview of each level's
// content (prompts, pictures and recordings with their text alternatives), and, for those who may
// assign, the selection that leads to /create/assign. The heading is there in every state.
export function ExercisesPage({ user, download }: { readonly user: CurrentUser; readonly download: ContentDownloadPort }) {
  const games = useGameCatalogue();
  const selectable = useMemo(() => selectableOf(games.data ?? []), [games.data]);
  const count = games.data?.length ?? 0;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Exercises</h1>
      <p className={styles.lead}>The games patients play at home, level by level. Preview a level to see its prompts, pictures and recordings.</p>
      <QueryStatus query={games} loading="Loading the games…" status={games.data === undefined ? "" : `${count} ${count === 1 ? "game" : "games"}`} />
      {games.data !== undefined && mayAssignGames(user) ? <GameSelectionPanel games={selectable} /> : null}
      {games.data === undefined ? null : games.data.length === 0 ? (
        <p className={styles.muted}>No games are offered yet.</p>
      ) : (
        <section aria-labelledby="games-heading" className={styles.section}>
          <h2 id="games-heading" className={styles.subheading}>
            Games and their levels
          </h2>
          <ul className={styles.gameList}>
            {games.data.map((game) => (
              <li key={game.id} className={styles.card}>
                <h3 className={styles.subheading}>{game.name}</h3>
                <ul className={styles.levelList} aria-label={`${game.name} levels`}>
                  {offeredLevels({ levelsAvailable: game.levels_available }).map((difficulty) => (
                    <li key={difficulty} className={styles.section}>
                      <p className={styles.levelHeading}>{difficultyLabel(difficulty)}</p>
                      <ContentPreview
                        download={download}
                        url={catalogueContentUrl(game.type, difficulty)}
                        gameName={game.name}
                        gameType={game.type}
                        difficulty={difficulty}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
