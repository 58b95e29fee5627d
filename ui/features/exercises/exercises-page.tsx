import { useMemo } from "react";
import { type ContentDownloadPort } from "../../../adapters/exercises/index.ts";
import { catalogueContentUrl } from "../../../domain/exercises/exercises-page-kind.ts";
import type { GameSummary, InstitutionGame } from "../../../domain/exercises/index.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { type Difficulty, offeredLevels } from "../../../domain/shared/games/difficulty.ts";
import { assignAbilitiesOf } from "../../../domain/exercises/assign-abilities.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import { ContentPreview } from "./content-preview.tsx";
import { GameSelectionPanel, type NamedSelectableGame } from "./exercises-page-selection.tsx";
import { useGameCatalogue, useInstitutionGames } from "./use-exercises.ts";
import * as styles from "./exercises.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";


/** A game as this page shows it: its levels, each with the address of its content file. */
type ShownGame = NamedSelectableGame & { readonly type: GameType; readonly levels: readonly { readonly difficulty: Difficulty; readonly url: string }[] };

const fromInstitution = (games: readonly InstitutionGame[]): readonly ShownGame[] =>
  games.map((game) => ({
    id: game.id,
    type: game.type,
    name: game.name,
    levelsAvailable: game.levels.map((level) => level.difficulty),
    levels: game.levels.map((level) => ({ difficulty: level.difficulty, url: level.content_url })),
  }));

const fromCatalogue = (games: readonly GameSummary[]): readonly ShownGame[] =>
  games.map((game) => ({
    id: game.id,
    type: game.type,
    name: game.name,
    levelsAvailable: game.levels_available,
    levels: offeredLevels({ levelsAvailable: game.levels_available }).map((difficulty) => ({ difficulty, url: catalogueContentUrl(game.type, difficulty) })),
  }));

// /exercises for SLPs and staff admins: the games with their levels, a preview of each level's
// content (prompts, pictures and recordings with their text alternatives), and, for those who may
// assign, the selection that leads to /create/assign. The heading is there in every state.
export function ExercisesPage({ user, download }: { readonly user: CurrentUser; readonly download: ContentDownloadPort }) {
  // The institution's own games (with each level's file) when the user has one; the super admin's catalogue otherwise.
  const institutionId = user.institution?.id ?? null;
  const institutionGames = useInstitutionGames(institutionId);
  const catalogue = useGameCatalogue(institutionId === null);
  const games = institutionId === null ? catalogue : institutionGames;
  const shown = useMemo(
    () => (institutionId === null ? (catalogue.data === undefined ? undefined : fromCatalogue(catalogue.data)) : institutionGames.data === undefined ? undefined : fromInstitution(institutionGames.data)),
    [institutionId, catalogue.data, institutionGames.data],
  );
  const count = shown?.length ?? 0;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Exercises</h1>
      <p className={styles.lead}>The games patients play at home, level by level. Preview a level to see its prompts, pictures and recordings.</p>
      <QueryStatus query={games} loading="Loading the games…" status={shown === undefined ? "" : countOf(count, NOUNS.game)} />
      {shown !== undefined && assignAbilitiesOf(user).assignGames ? <GameSelectionPanel games={shown} /> : null}
      {shown === undefined ? null : shown.length === 0 ? (
        <p className={styles.muted}>No games are offered yet.</p>
      ) : (
        <section aria-labelledby="games-heading" className={styles.section}>
          <h2 id="games-heading" className={styles.subheading}>
            Games and their levels
          </h2>
          <ul className={styles.gameList}>
            {shown.map((game) => (
              <li key={game.id} className={styles.card}>
                <h3 className={styles.subheading}>{game.name}</h3>
                <ul className={styles.levelList} aria-label={`${game.name} levels`}>
                  {game.levels.map(({ difficulty, url }) => (
                    <li key={difficulty} className={styles.section}>
                      <p className={styles.levelHeading}>{difficultyLabel(difficulty)}</p>
                      <ContentPreview
                        download={download}
                        url={url}
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
