import { assignmentEndpoint } from "../../domain/exercises/exercises-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { AssignmentApi } from "./assignment-port.ts";

/** The assignment call on the given client (Bearer). */
export const createAssignmentApi = (client: ApiClient): AssignmentApi => ({
  assign: (body) => client.call(assignmentEndpoint, { body }),
});

/** The assignment call of the app's client, made once, from the lazy assign page. */
export const assignmentApiOf = perClient(createAssignmentApi);
