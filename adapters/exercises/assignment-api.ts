import { assignmentEndpoint } from "../../domain/exercises/exercises-endpoints.ts";
import type { AssignmentBody, AssignmentResponse } from "../../domain/exercises/assignment-wire.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the assign page depends on, declared beside its one (HTTP) implementation.

/** POST assignments/ (docs/exercises-api.md): rejects with an ApiFailure naming the first field to fix. */
export type AssignmentApi = {
  readonly assign: (body: AssignmentBody) => Promise<AssignmentResponse>;
};

/** The assignment call on the given client (Bearer). */
export const createAssignmentApi = (client: ApiClient): AssignmentApi => ({
  assign: (body) => client.call(assignmentEndpoint, { body }),
});

/** The assignment call of the app's client, made once, from the lazy assign page. */
export const assignmentApiOf = perClient(createAssignmentApi);
