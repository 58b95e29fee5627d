import { userRecordEndpoint } from "../../domain/account/account-endpoints.ts";
import type { UserId } from "../../domain/shared/ids.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";

// What the session's user record depends on, declared beside its one (HTTP) implementation.

/** The user calls the session needs; each rejects with an ApiFailure. */
export type UsersApi = {
  /** The signed-in user's own record: role, permissions, second factors, institution. */
  readonly getCurrentUser: (id: UserId) => Promise<CurrentUser>;
};

/** User calls on the given client. */
export const createUsersApi = (client: ApiClient): UsersApi => ({
  getCurrentUser: (id) => client.call(userRecordEndpoint, { params: { id } }),
});
