import type { GameId, PatientId } from "../shared/ids.ts";
import { type Difficulty, type LevelOffer, offeredLevels } from "../shared/games/difficulty.ts";
import { difficultyChoices, type ExerciseForm, type FormSettings, newForm } from "./game-forms.ts";
import type { GameSummary } from "./games-wire.ts";

/** A game as the selection needs it: its id and the levels it offers. */
export type SelectableGame = LevelOffer & { readonly id: GameId };
export type SelectedGame = { readonly gameId: GameId; readonly forms: ReadonlyArray<ExerciseForm> };

/** Games picked for assignment, each with at least one form, and the patient when assigning to one patient only. */
export type GameSelection = {
  readonly games: ReadonlyArray<SelectedGame>;
  readonly individualPatientId: PatientId | null;
};

export const EMPTY_SELECTION: GameSelection = { games: [], individualPatientId: null };

/** A catalogue game offers the levels it lists on the wire (all three when it lists none). */
export const selectableGameOf = (game: GameSummary): SelectableGame => ({ id: game.id, levelsAvailable: game.levels_available });

/** Whether a game is currently picked for assignment. */
export const isGameSelected = (selection: GameSelection, gameId: GameId): boolean =>
  selection.games.some((entry) => entry.gameId === gameId);

/** Assignment may start only once at least one game is picked. */
export const hasSelectedGames = (selection: GameSelection): boolean => selection.games.length > 0;

/** Select all has something to pick while a listed game is not picked yet. */
export const hasUnselectedGames = (selection: GameSelection, games: ReadonlyArray<SelectableGame>): boolean =>
  games.some((game) => !isGameSelected(selection, game.id));

/** A selection with no game picked and no patient chosen has nothing to clear. */
export const isSelectionEmpty = (selection: GameSelection): boolean =>
  selection.games.length === 0 && selection.individualPatientId === null;

/** The forms of a picked game, or none when it is not picked. */
export const formsOf = (selection: GameSelection, gameId: GameId): ReadonlyArray<ExerciseForm> =>
  selection.games.find((entry) => entry.gameId === gameId)?.forms ?? [];

const withFirstForm = (game: SelectableGame): SelectedGame => {
  const form = newForm(game, []);
  return { gameId: game.id, forms: form === undefined ? [] : [form] };
};

const replaceForms = (
  selection: GameSelection,
  gameId: GameId,
  update: (forms: ReadonlyArray<ExerciseForm>) => ReadonlyArray<ExerciseForm>,
): GameSelection => ({
  ...selection,
  games: selection.games.map((entry) => (entry.gameId === gameId ? { ...entry, forms: update(entry.forms) } : entry)),
});

/** Picking a game starts it with one form at its easiest offered level; picking it again drops it with its forms. */
export const toggleGame = (selection: GameSelection, game: SelectableGame): GameSelection =>
  isGameSelected(selection, game.id)
    ? { ...selection, games: selection.games.filter((entry) => entry.gameId !== game.id) }
    : { ...selection, games: [...selection.games, withFirstForm(game)] };

/** Selecting all picks every listed game; games already picked keep the forms the clinician set up. */
export const selectAllGames = (selection: GameSelection, games: ReadonlyArray<SelectableGame>): GameSelection => ({
  ...selection,
  games: [...selection.games, ...games.filter((game) => !isGameSelected(selection, game.id)).map(withFirstForm)],
});

/** Deselecting all drops every game but stays in the same assignment mode. */
export const deselectAllGames = (selection: GameSelection): GameSelection => ({ ...selection, games: [] });

/** Clearing forgets everything: no games and no individual patient. */
export const clearSelection = (): GameSelection => EMPTY_SELECTION;

/** Assigning to one patient starts from a clean selection for that patient. */
export const startIndividualAssignment = (patientId: PatientId): GameSelection => ({
  games: [],
  individualPatientId: patientId,
});

/** Assigning to many patients again keeps the games and forms picked for the one patient; the patients are chosen when assigning. */
export const assignToManyPatients = (selection: GameSelection): GameSelection => ({ ...selection, individualPatientId: null });

/**
 * When the catalogue changes, a game it no longer offers is no longer picked, a form at a level its
 * game no longer offers goes, and a game left without forms is no longer picked.
 */
export const keepOfferedGames = (selection: GameSelection, games: ReadonlyArray<SelectableGame>): GameSelection => ({
  ...selection,
  games: selection.games.flatMap((entry) => {
    const game = games.find((offered) => offered.id === entry.gameId);
    if (game === undefined) return [];
    const levels = offeredLevels(game);
    const forms = entry.forms.filter((form) => levels.includes(form.difficulty));
    return forms.length === 0 ? [] : [{ ...entry, forms }];
  }),
});

/** Another form of a picked game is added at the first free level; nothing changes once every offered level is used. */
export const addForm = (selection: GameSelection, game: SelectableGame): GameSelection => {
  if (!isGameSelected(selection, game.id)) return selection;
  const form = newForm(game, formsOf(selection, game.id));
  return form === undefined ? selection : replaceForms(selection, game.id, (forms) => [...forms, form]);
};

/** A form can be removed while its game keeps another one; the last form goes only by deselecting the game. */
export const canRemoveForm = (selection: GameSelection, gameId: GameId, formId: number): boolean => {
  const forms = formsOf(selection, gameId);
  return forms.length > 1 && forms.some((form) => form.formId === formId);
};

/** Removes a form of a picked game unless it is the game's last one. */
export const removeForm = (selection: GameSelection, gameId: GameId, formId: number): GameSelection =>
  canRemoveForm(selection, gameId, formId)
    ? replaceForms(selection, gameId, (forms) => forms.filter((form) => form.formId !== formId))
    : selection;

/** A form may move only to a level that the game offers and no other form of the game uses. */
export const changeFormDifficulty = (
  selection: GameSelection,
  game: SelectableGame,
  formId: number,
  difficulty: Difficulty,
): GameSelection =>
  difficultyChoices(game, formsOf(selection, game.id), formId).includes(difficulty)
    ? replaceForms(selection, game.id, (forms) =>
        forms.map((form) => (form.formId === formId ? { ...form, difficulty } : form)),
      )
    : selection;

/** Doses and repetitions of a form change freely; its level and id do not change this way. */
export const updateFormSettings = (
  selection: GameSelection,
  gameId: GameId,
  formId: number,
  settings: Partial<FormSettings>,
): GameSelection =>
  replaceForms(selection, gameId, (forms) =>
    forms.map((form) => (form.formId === formId ? { ...form, ...settings, formId, difficulty: form.difficulty } : form)),
  );
