import { catalogueMessage } from "../shared/error-catalogue.ts";
import { type Failure, fail, succeed, type Success } from "../shared/result.ts";

/** What an assignment names before anything is looked up: its patients, and either games with their forms or a template. */
export type AssignmentRequest = {
  readonly patients: ReadonlyArray<number>;
  readonly games?: ReadonlyArray<{ readonly forms: ReadonlyArray<unknown> }> | undefined;
  readonly template?: number | undefined;
};

/** Why an assignment request is refused before anything is read or written; the server logs and audits it. */
export type AssignmentRequestReason = "no_patient" | "games_or_template" | "duplicate_patient" | "nothing_to_assign";

/** A refused request: the catalogue failure (ERROR_056 on the field to fix) and why. */
export type AssignmentRequestProblem = Failure & { readonly reason: AssignmentRequestReason };

/** The same reasons in words for the person filling in the assign page. */
export const ASSIGNMENT_REQUEST_WORDS: Readonly<Record<AssignmentRequestReason, string>> = {
  no_patient: "Choose at least one patient",
  games_or_template: "Choose either exercises or a template to assign",
  duplicate_patient: "A patient is chosen twice",
  nothing_to_assign: "There is nothing to assign: choose at least one exercise level, or a template that holds some",
};

const problem = (reason: AssignmentRequestReason, field: string): AssignmentRequestProblem => ({ ...fail("ERROR_056", catalogueMessage("ERROR_056"), { field }), reason });

/**
 * The games (or the template's games) an assignment copies must hold at least one form, or the
 * call would write nothing; the failure names `field` ("games", or "template" for a template's).
 */
export const checkSomethingToAssign = (
  games: ReadonlyArray<{ readonly forms: ReadonlyArray<unknown> }>,
  field: "games" | "template",
): Success<true> | AssignmentRequestProblem => (games.length === 0 ? problem("nothing_to_assign", field) : succeed(true));

/**
 * The rules of an assignment request that need nothing looked up, in the order they are told:
 * at least one patient; exactly one of games and template; no patient named twice (the failure
 * names the second mention, `patients.<index>`); games, when given, hold something to assign. The
 * assign page checks them before sending and POST assignments/ before reading anything
 * (a template's own games are checked with checkSomethingToAssign once it is loaded).
 */
export const checkAssignmentRequest = (request: AssignmentRequest): Success<true> | AssignmentRequestProblem => {
  if (request.patients.length === 0) return problem("no_patient", "patients");
  if ((request.games === undefined) === (request.template === undefined)) return problem("games_or_template", request.games === undefined ? "games" : "template");
  const duplicate = request.patients.findIndex((id, index) => request.patients.indexOf(id) !== index);
  if (duplicate >= 0) return problem("duplicate_patient", `patients.${duplicate}`);
  return request.games === undefined ? succeed(true) : checkSomethingToAssign(request.games, "games");
};
