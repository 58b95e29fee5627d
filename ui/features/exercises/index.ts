// What other features and the app may use of the exercises feature.
export { GameSelectionProvider, useGameSelection, useSelectedGameCount } from "./game-selection-provider.tsx";
export { AssignExercisesButton } from "./assign-exercises-button.tsx";
