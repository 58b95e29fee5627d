import type { UserId } from "../../domain/shared/ids.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";

// The port the session's user record depends on; users-api.ts is its HTTP implementation.

/** The user calls the session needs; each rejects with an ApiFailure. */
export type UsersApi = {
  /** The signed-in user's own record: role, permissions, second factors, institution. */
  readonly getCurrentUser: (id: UserId) => Promise<CurrentUser>;
};
