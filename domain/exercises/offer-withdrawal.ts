import { countOf, NOUNS } from "../shared/format/plural.ts";
import type { AssignGamesPreview } from "./institution-games-wire.ts";

// Issue 31: taking a game away from an institution pauses its patients' live assignments (they
// come back, limits and all, when the game is offered again). Because one unticked box or one
// stray `[]` would pause a whole clinic's plan, such a change needs a confirmation that repeats
// how many patients it stops.

/** The games an institution offers now that the new set leaves out, in their offered order. */
export const gamesWithdrawn = <Id>(offered: readonly Id[], wanted: readonly Id[]): readonly Id[] => {
  const kept = new Set(wanted);
  return offered.filter((id) => !kept.has(id));
};

/** A change that stops exercises needs the caller to have confirmed exactly that many patients; one that stops none needs nothing. */
export const withdrawalNeedsConfirmation = (stoppingPatients: number, confirmed: number | undefined): boolean =>
  stoppingPatients > 0 && confirmed !== stoppingPatients;

const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`;

/** What the confirmation says before saving: "Removing Naming stops exercises for 3 patients." (null when it stops nobody's). */
export const withdrawalWarning = (preview: AssignGamesPreview): string | null =>
  preview.patients === 0 ? null : `Removing ${listed(preview.games.filter((game) => game.patients > 0).map((game) => game.name))} stops exercises for ${countOf(preview.patients, NOUNS.patient)}.`;
