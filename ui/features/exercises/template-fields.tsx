import { validateConfigurationName } from "../../../domain/exercises/configuration-name.ts";
import type { InstitutionGame } from "../../../domain/exercises/index.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { type Difficulty, isDifficulty } from "../../../domain/shared/games/difficulty.ts";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./exercises.css.ts";

export type TemplateFieldsProps = {
  readonly nameId: string;
  readonly name: string;
  readonly onNameChange: (name: string) => void;
  readonly nameError: string | null;
  readonly games: readonly InstitutionGame[];
  readonly ticked: ReadonlyMap<number, readonly Difficulty[]>;
  readonly onTickedChange: (ticked: ReadonlyMap<number, readonly Difficulty[]>) => void;
};

/** The name rules (ERROR_003, ERROR_004) for a name as typed: its message, or null when it passes. */
export const templateNameMessage = (name: string): string | null => {
  const result = validateConfigurationName(name);
  return result.ok ? null : result.message;
};

/** A template's name and, per game, the levels it prescribes: what creating and editing a template share. */
export function TemplateFields({ nameId, name, onNameChange, nameError, games, ticked, onTickedChange }: TemplateFieldsProps) {
  return (
    <>
      <TextField id={nameId} label="Template name" value={name} onChange={onNameChange} isInvalid={nameError !== null} errorMessage={nameError ?? undefined} isRequired />
      {games.length === 0 ? (
        <p className={styles.muted}>No games to choose from: the template keeps the games it has.</p>
      ) : (
        games.map((game) => (
          <CheckboxGroup
            key={game.id}
            label={`${game.name} levels`}
            options={game.levels.map((level) => ({ id: level.difficulty, label: difficultyLabel(level.difficulty) }))}
            value={ticked.get(game.id) ?? []}
            onChange={(ids) => onTickedChange(new Map(ticked).set(game.id, ids.filter(isDifficulty)))}
          />
        ))
      )}
    </>
  );
}
