import { userRecordEndpoint } from "../../domain/account/account-endpoints.ts";
import type { UserId } from "../../domain/shared/ids.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { type EarlyAnswers, NO_EARLY_ANSWERS } from "../shared/session/session-boot.ts";

// What the session's user record depends on, declared beside its one (HTTP) implementation.

/** The user calls the session needs; each rejects with an ApiFailure. */
export type UsersApi = {
  /** The signed-in user's own record: role, permissions, second factors, institution. */
  readonly getCurrentUser: (id: UserId) => Promise<CurrentUser>;
};

/** User calls on the given client. */
export const createUsersApi = (client: ApiClient, early: EarlyAnswers = NO_EARLY_ANSWERS): UsersApi => ({
  // A reloaded tab's first read of the record was started by the boot script with the refreshed token.
  getCurrentUser: async (id) => (await early.currentUser(id)) ?? client.call(userRecordEndpoint, { params: { id } }),
});
