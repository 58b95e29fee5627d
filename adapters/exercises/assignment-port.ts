import type { AssignmentBody, AssignmentResponse } from "../../domain/exercises/assignment-wire.ts";

// The port the assign page depends on; assignment-api.ts is its HTTP implementation.

/** POST assignments/ (docs/exercises-api.md): rejects with an ApiFailure naming the first field to fix. */
export type AssignmentApi = {
  readonly assign: (body: AssignmentBody) => Promise<AssignmentResponse>;
};
