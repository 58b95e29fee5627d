import { assign, setup, type SnapshotFrom } from "xstate";
import { canAddForm, difficultyChoices, type ExerciseForm, type FormNumberField, typedDose } from "../../domain/exercises/game-forms.ts";
import {
  addForm,
  assignToManyPatients,
  canRemoveForm,
  changeFormDifficulty,
  clearSelection,
  deselectAllGames,
  EMPTY_SELECTION,
  formsOf as formsInSelection,
  type GameSelection,
  hasSelectedGames,
  hasUnselectedGames,
  isGameSelected,
  isSelectionEmpty,
  keepOfferedGames,
  removeForm,
  type SelectableGame,
  selectAllGames,
  startIndividualAssignment,
  toggleGame,
  updateFormSettings,
} from "../../domain/exercises/game-selection.ts";
import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import type { ExerciseTemplateId, GameId, PatientId } from "../../domain/shared/ids.ts";

/** A saved template chosen to assign as it is (from its row on the templates page, or on /create/assign/). */
export type ChosenTemplate = { readonly id: ExerciseTemplateId; readonly name: string; readonly gameCount: number };

export type GameSelectionContext = {
  /** The games the catalogue offers, as last loaded; only these can be picked. */
  readonly games: ReadonlyArray<SelectableGame>;
  readonly selection: GameSelection;
  /** A template to assign instead of the picked games' forms; it counts as the selection /create/assign/ needs. */
  readonly template: ChosenTemplate | null;
};

/** One edit of a form: its level (one of its choices), a dose typed as text, or unlimited play. */
export type FormChange =
  | { readonly field: "difficulty"; readonly value: string }
  | { readonly field: FormNumberField; readonly value: string }
  | { readonly field: "unlimited"; readonly value: boolean };

type FormRef = { readonly gameId: GameId; readonly formId: number };

export type GameSelectionEvent =
  | { readonly type: "games.loaded"; readonly games: ReadonlyArray<SelectableGame> }
  | { readonly type: "game.toggle"; readonly gameId: GameId }
  | { readonly type: "games.selectAll" }
  | { readonly type: "games.deselectAll" }
  | { readonly type: "selection.clear" }
  | { readonly type: "template.choose"; readonly template: ChosenTemplate }
  | { readonly type: "template.drop" }
  | { readonly type: "patient.assignIndividually"; readonly patientId: PatientId }
  | { readonly type: "patient.assignToMany" }
  | { readonly type: "form.add"; readonly gameId: GameId }
  | ({ readonly type: "form.remove" } & FormRef)
  | ({ readonly type: "form.change" } & FormRef & FormChange)
  | { readonly type: "assign.start" }
  | { readonly type: "assign.back" };

const offeredGame = (context: GameSelectionContext, gameId: GameId): SelectableGame | undefined =>
  context.games.find((game) => game.id === gameId);

const formOf = (selection: GameSelection, { gameId, formId }: FormRef): ExerciseForm | undefined =>
  formsInSelection(selection, gameId).find((form) => form.formId === formId);

export const choicesOf = (context: GameSelectionContext, ref: FormRef): readonly Difficulty[] => {
  const game = offeredGame(context, ref.gameId);
  if (game === undefined || formOf(context.selection, ref) === undefined) return [];
  return difficultyChoices(game, formsInSelection(context.selection, ref.gameId), ref.formId);
};

export const canAddFormOf = (context: GameSelectionContext, gameId: GameId): boolean => {
  const game = offeredGame(context, gameId);
  return game !== undefined && isGameSelected(context.selection, gameId) && canAddForm(game, formsInSelection(context.selection, gameId));
};

/**
 * Picking games for assignment (spec sections 2, 4 and 5), shared by /exercises and
 * /create/assign/: toggle a game, select or deselect all, clear, assign to one patient or to
 * many, and the forms of each picked game. The rules are the domain's (game-selection.ts,
 * game-forms.ts); an event they refuse is not taken, so `snapshot.can(event)` enables a control.
 * A chosen template is a selection too. `assigning` is /create/assign/: entered only with a game
 * picked or a template chosen, and left by itself when the last of them goes. Selectors are in
 * game-selection.selectors.ts.
 */
export const gameSelectionMachine = setup({
  types: {
    context: {} as GameSelectionContext,
    events: {} as GameSelectionEvent,
  },
  guards: {
    isOfferedGame: ({ context, event }) => event.type === "game.toggle" && offeredGame(context, event.gameId) !== undefined,
    hasUnselectedGames: ({ context }) => hasUnselectedGames(context.selection, context.games),
    hasSelectedGames: ({ context }) => hasSelectedGames(context.selection),
    hasSomethingToAssign: ({ context }) => hasSelectedGames(context.selection) || context.template !== null,
    hasNothingToAssign: ({ context }) => !hasSelectedGames(context.selection) && context.template === null,
    hasSelectionToClear: ({ context }) => !isSelectionEmpty(context.selection) || context.template !== null,
    hasTemplate: ({ context }) => context.template !== null,
    // Sent again for the patient already chosen (the page mounting again), it keeps what was picked.
    isAnotherPatient: ({ context, event }) =>
      event.type === "patient.assignIndividually" && event.patientId !== context.selection.individualPatientId,
    isIndividualAssignment: ({ context }) => context.selection.individualPatientId !== null,
    canAddForm: ({ context, event }) => event.type === "form.add" && canAddFormOf(context, event.gameId),
    canRemoveForm: ({ context, event }) =>
      event.type === "form.remove" && canRemoveForm(context.selection, event.gameId, event.formId),
    isOfferedChoice: ({ context, event }) =>
      event.type === "form.change" && event.field === "difficulty" && choicesOf(context, event).some((level) => level === event.value),
    isDoseOfAForm: ({ context, event }) =>
      event.type === "form.change" && event.field !== "difficulty" && formOf(context.selection, event) !== undefined,
  },
  actions: {
    loadGames: assign(({ context, event }) =>
      event.type === "games.loaded" ? { games: event.games, selection: keepOfferedGames(context.selection, event.games) } : {},
    ),
    toggleGame: assign(({ context, event }) => {
      const game = event.type === "game.toggle" ? offeredGame(context, event.gameId) : undefined;
      return game === undefined ? {} : { selection: toggleGame(context.selection, game) };
    }),
    selectAll: assign(({ context }) => ({ selection: selectAllGames(context.selection, context.games) })),
    deselectAll: assign(({ context }) => ({ selection: deselectAllGames(context.selection) })),
    clear: assign({ selection: clearSelection(), template: null }),
    chooseTemplate: assign(({ event }) => (event.type === "template.choose" ? { template: event.template } : {})),
    dropTemplate: assign({ template: null }),
    assignIndividually: assign(({ event }) =>
      event.type === "patient.assignIndividually" ? { selection: startIndividualAssignment(event.patientId), template: null } : {},
    ),
    assignToMany: assign(({ context }) => ({ selection: assignToManyPatients(context.selection) })),
    addForm: assign(({ context, event }) => {
      const game = event.type === "form.add" ? offeredGame(context, event.gameId) : undefined;
      return game === undefined ? {} : { selection: addForm(context.selection, game) };
    }),
    removeForm: assign(({ context, event }) =>
      event.type === "form.remove" ? { selection: removeForm(context.selection, event.gameId, event.formId) } : {},
    ),
    changeDifficulty: assign(({ context, event }) => {
      if (event.type !== "form.change" || event.field !== "difficulty") return {};
      const game = offeredGame(context, event.gameId);
      const level = choicesOf(context, event).find((choice) => choice === event.value);
      return game === undefined || level === undefined ? {} : { selection: changeFormDifficulty(context.selection, game, event.formId, level) };
    }),
    changeDose: assign(({ context, event }) => {
      if (event.type !== "form.change" || event.field === "difficulty") return {};
      const settings = event.field === "unlimited" ? { unlimited: event.value } : typedDose(event.field, event.value);
      return { selection: updateFormSettings(context.selection, event.gameId, event.formId, settings) };
    }),
  },
}).createMachine({
  id: "gameSelection",
  context: { games: [], selection: EMPTY_SELECTION, template: null },
  initial: "selecting",
  on: {
    "games.loaded": { actions: "loadGames" },
    "game.toggle": { guard: "isOfferedGame", actions: "toggleGame" },
    "games.selectAll": { guard: "hasUnselectedGames", actions: "selectAll" },
    "games.deselectAll": { guard: "hasSelectedGames", actions: "deselectAll" },
    "selection.clear": { guard: "hasSelectionToClear", actions: "clear" },
    "template.choose": { actions: "chooseTemplate" },
    "template.drop": { guard: "hasTemplate", actions: "dropTemplate" },
    "patient.assignIndividually": { guard: "isAnotherPatient", actions: "assignIndividually" },
    "patient.assignToMany": { guard: "isIndividualAssignment", actions: "assignToMany" },
    "form.add": { guard: "canAddForm", actions: "addForm" },
    "form.remove": { guard: "canRemoveForm", actions: "removeForm" },
    "form.change": [
      { guard: "isOfferedChoice", actions: "changeDifficulty" },
      { guard: "isDoseOfAForm", actions: "changeDose" },
    ],
  },
  states: {
    selecting: {
      on: {
        "assign.start": { guard: "hasSomethingToAssign", target: "assigning" },
      },
    },
    assigning: {
      // /create/assign/ needs a picked game or a chosen template: losing the last of them
      // (deselecting, clearing, a catalogue without the games) returns to /exercises.
      always: { guard: "hasNothingToAssign", target: "selecting" },
      on: {
        "assign.back": { target: "selecting" },
      },
    },
  },
});

export type GameSelectionSnapshot = SnapshotFrom<typeof gameSelectionMachine>;
