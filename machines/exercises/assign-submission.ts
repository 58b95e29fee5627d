import { assignmentDraft, type FormFieldKey } from "../../domain/exercises/assignment-draft.ts";
import { ASSIGNMENT_REQUEST_WORDS, checkAssignmentRequest, checkSomethingToAssign } from "../../domain/exercises/assignment-request-rules.ts";
import { checkAssignmentSize, MAX_LEVEL_WRITES_PER_ASSIGNMENT, maxPatientsFor } from "../../domain/exercises/assignment-rules.ts";
import type { AssignmentBody } from "../../domain/exercises/assignment-wire.ts";
import type { FileConfiguration } from "../../domain/exercises/form-limits.ts";
import type { GameSelection } from "../../domain/exercises/game-selection.ts";
import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import type { ExerciseTemplateId, GameId, PatientId } from "../../domain/shared/ids.ts";

/** What the assign page knows when Assign is pressed besides the chosen patients: the picked games and their limits, or the template. */
export type AssignFacts = {
  readonly selection: GameSelection;
  readonly limitsOf: (gameId: GameId, difficulty: Difficulty) => FileConfiguration | undefined;
  /** The template to assign as it is, with its games' forms when loaded (undefined: not loaded yet). */
  readonly template: { readonly id: ExerciseTemplateId; readonly games: ReadonlyArray<{ readonly forms: ReadonlyArray<unknown> }> | undefined } | null;
};

export type FormErrors = Readonly<Partial<Record<FormFieldKey, string>>>;

/** The body to send, or what to fix: the doses (per field) and the patients. */
export type AssignSubmission =
  | { readonly ok: true; readonly body: AssignmentBody }
  | { readonly ok: false; readonly errors: FormErrors; readonly patientError: string | null; readonly formError: string | null };

const tooLarge = (writes: number, forms: number) =>
  `This assigns ${writes.toLocaleString("en")} exercise levels (patients × levels); one assignment holds at most ${MAX_LEVEL_WRITES_PER_ASSIGNMENT.toLocaleString("en")}. Choose at most ${maxPatientsFor(forms)} patients, or fewer levels, and assign the rest in another go.`;

/**
 * Assign pressed: the doses of the picked games (assignmentDraft), then the request rules the
 * server applies too (assignment-request-rules.ts: at least one patient, exactly one of games
 * and template, something to assign) and the size cap, so the person can split the caseload.
 */
export const assignSubmission = (facts: AssignFacts, patients: ReadonlyArray<PatientId>): AssignSubmission => {
  const draft = facts.template === null ? assignmentDraft(facts.selection, facts.limitsOf) : null;
  const errors = draft === null || draft.ok ? {} : draft.errors;
  const games = draft?.ok === true ? draft.games.map((game) => ({ game: game.game, forms: [...game.forms] })) : [];
  const body: AssignmentBody = facts.template === null ? { patients: [...patients], games } : { patients: [...patients], template: facts.template.id };
  const asked = checkAssignmentRequest(body);
  const something = facts.template?.games === undefined ? asked : asked.ok ? checkSomethingToAssign(facts.template.games, "template") : asked;
  const patientError = !something.ok && something.field?.startsWith("patients") === true ? ASSIGNMENT_REQUEST_WORDS[something.reason] : null;
  // Doses to fix come first; "nothing to assign" only when there were no doses to fix.
  const formError = !something.ok && patientError === null && Object.keys(errors).length === 0 ? ASSIGNMENT_REQUEST_WORDS[something.reason] : null;
  if (draft?.ok === false || !something.ok) return { ok: false, errors, patientError, formError };
  const forms = (facts.template === null ? games : (facts.template.games ?? [])).reduce((sum, game) => sum + game.forms.length, 0);
  const size = checkAssignmentSize(patients.length, forms);
  if (!size.ok) return { ok: false, errors: {}, patientError: tooLarge(patients.length * forms, forms), formError: null };
  return { ok: true, body };
};
