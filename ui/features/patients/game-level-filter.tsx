import { useQuery } from "@tanstack/react-query";
import { exercisesApiOf } from "../../../adapters/exercises/index.ts";
import { type GameLevelChoice, gameLevelsFor, shownGameFilter } from "../../../domain/patients/patient-list-filters.ts";
import { type Difficulty, offeredLevels } from "../../../domain/shared/games/difficulty.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { useServices } from "../../services/services-context.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import * as styles from "./patients.css.ts";

const ANY_GAME = "any";

/** The game catalogue, cached like any list (it changes only with a release). */
function useGames() {
  const api = exercisesApiOf(useServices().adapters.client);
  return useQuery({ queryKey: ["games"], queryFn: ({ signal }) => api.listGames(signal) });
}

// The list's exercise filter: one game (or any), then which of its levels; patients assigned any
// of the chosen game levels are kept. No level ticked means every level the game offers.
export function GameLevelFilter({ value, onChange }: { readonly value: readonly GameLevelChoice[]; readonly onChange: (levels: GameLevelChoice[]) => void }) {
  const games = useGames();
  const shown = shownGameFilter(value);
  const game = games.data?.find((candidate) => candidate.id === shown?.gameId);
  const offered: readonly Difficulty[] = game === undefined ? [] : offeredLevels({ levelsAvailable: game.levels_available });
  const options = [{ id: ANY_GAME, label: "Any exercise" }, ...(games.data ?? []).map((candidate) => ({ id: String(candidate.id), label: candidate.name }))];
  return (
    <div className={styles.section}>
      <SelectField
        label="Exercise"
        options={options}
        value={shown === null ? ANY_GAME : String(shown.gameId)}
        onChange={(id) => {
          const chosen = games.data?.find((candidate) => String(candidate.id) === id);
          onChange(chosen === undefined ? [] : gameLevelsFor(chosen.id, [], offeredLevels({ levelsAvailable: chosen.levels_available })));
        }}
        {...(games.isError ? { description: "The exercises could not be loaded." } : {})}
      />
      {game === undefined || shown === null ? null : (
        <CheckboxGroup
          label={`${game.name} levels`}
          options={offered.map((level) => ({ id: level, label: difficultyLabel(level) }))}
          value={shown.difficulties}
          onChange={(ids) => onChange(gameLevelsFor(game.id, ids as Difficulty[], offered))}
        />
      )}
    </div>
  );
}
