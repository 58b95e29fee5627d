import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import { DIFFICULTY_ORDER, type Difficulty } from "../shared/games/difficulty.ts";
import { changedFields, type FieldChange, rebaseDraft, type SameValue } from "../shared/record-conflict.ts";
import { templateLevels } from "./template-draft.ts";
import type { ExerciseTemplate } from "./templates-wire.ts";

/** A template as its editor holds it: the name, and the levels ticked per game id. */
export type TemplateDraft = { readonly name: string; readonly levels: ReadonlyMap<number, readonly Difficulty[]> };

/** One field of a template the person edited: as they opened it, as stored now, as they typed or ticked it. */
export type TemplateFieldChange = FieldChange<TemplateDraft, keyof TemplateDraft & string>;

/** The editor's draft of a template as stored. */
export const templateDraftOf = (template: Pick<ExerciseTemplate, "name" | "games">): TemplateDraft => ({ name: template.name, levels: templateLevels(template) });

// Levels compare by what they prescribe: a game with nothing ticked is no game, and the order of ticking does not count.
const levelsKey = (levels: ReadonlyMap<number, readonly Difficulty[]>): string =>
  [...levels]
    .filter(([, ticked]) => ticked.length > 0)
    .map(([game, ticked]) => `${game}:${DIFFICULTY_ORDER.filter((difficulty) => ticked.includes(difficulty)).join(",")}`)
    .sort()
    .join(";");

const sameTemplateValue: SameValue = (a, b, field) =>
  field === "levels" ? levelsKey(a as TemplateDraft["levels"]) === levelsKey(b as TemplateDraft["levels"]) : String(a).trim() === String(b).trim();

/** What someone else's edit of a template means for the person's: the name and the games and forms, each only if they changed it. */
export const templateConflict = (started: ExerciseTemplate, current: ExerciseTemplate, draft: TemplateDraft): readonly TemplateFieldChange[] =>
  changedFields(templateDraftOf(started), templateDraftOf(current), draft, sameTemplateValue);

/** The person's template edit carried onto the template as stored now: what they changed stays theirs, the rest is what is stored. */
export const templateDraftOnCurrent = (started: ExerciseTemplate, current: ExerciseTemplate, draft: TemplateDraft): TemplateDraft =>
  rebaseDraft(templateDraftOf(started), templateDraftOf(current), draft, sameTemplateValue);

/**
 * Ticked levels in a line, as the templates list words them ("Picture naming: Easy level; …"), in
 * the order the games are named; a game the names do not know reads by its number.
 */
export const levelsSummary = (levels: ReadonlyMap<number, readonly Difficulty[]>, gameNames: ReadonlyMap<number, string>): string => {
  const games = [...levels].filter(([, ticked]) => ticked.length > 0);
  if (games.length === 0) return "No games yet";
  return games
    .map(([game, ticked]) => `${gameNames.get(game) ?? `Game ${game}`}: ${DIFFICULTY_ORDER.filter((difficulty) => ticked.includes(difficulty)).map(difficultyLabel).join(", ")}`)
    .join("; ");
};
