import { hasUnselectedGames, isGameSelected, formsOf as formsInSelection } from "../../domain/exercises/game-selection.ts";
import type { ExerciseForm } from "../../domain/exercises/game-forms.ts";
import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import type { GameId, PatientId } from "../../domain/shared/ids.ts";
import { canAddFormOf, type ChosenTemplate, choicesOf, type GameSelectionSnapshot } from "./game-selection.machine.ts";

// What the pages read of the game-selection actor (docs/machines/game-selection.md).

/** How many games are picked (each has at least one form). */
export const selectedCount = (snapshot: GameSelectionSnapshot): number => snapshot.context.selection.games.length;

/** Whether a game is picked. */
export const isSelected = (snapshot: GameSelectionSnapshot, gameId: GameId): boolean =>
  isGameSelected(snapshot.context.selection, gameId);

/** Whether every game the catalogue offers is picked (none offered reads as not all). */
export const allSelected = (snapshot: GameSelectionSnapshot): boolean =>
  snapshot.context.games.length > 0 && !hasUnselectedGames(snapshot.context.selection, snapshot.context.games);

/** The forms of a picked game, in the order they were added; none when it is not picked. */
export const formsOf = (snapshot: GameSelectionSnapshot, gameId: GameId): ReadonlyArray<ExerciseForm> =>
  formsInSelection(snapshot.context.selection, gameId);

/** The levels a form's difficulty select offers: the game's levels except those its other forms use. */
export const choicesFor = (snapshot: GameSelectionSnapshot, gameId: GameId, formId: number): readonly Difficulty[] =>
  choicesOf(snapshot.context, { gameId, formId });

/** Whether "Add form" is enabled for a game: it is picked and a level is still free. */
export const canAddFormTo = (snapshot: GameSelectionSnapshot, gameId: GameId): boolean => canAddFormOf(snapshot.context, gameId);

/** The patient when assigning to one patient only, else null (assigning to many). */
export const individualPatientId = (snapshot: GameSelectionSnapshot): PatientId | null =>
  snapshot.context.selection.individualPatientId;

/** The template chosen to assign as it is, or null (the picked games' forms are assigned). */
export const chosenTemplate = (snapshot: GameSelectionSnapshot): ChosenTemplate | null => snapshot.context.template;

/** What /create/assign/ has to assign: a chosen template's games (at least 1: a chosen template is a selection; an empty one is refused on Assign), else the picked games (its route guard reads this). */
export const assignableCount = (snapshot: GameSelectionSnapshot): number =>
  snapshot.context.template === null ? selectedCount(snapshot) : Math.max(1, snapshot.context.template.gameCount);
