import { userRecordEndpoint } from "../../domain/account/account-endpoints.ts";
import type { UserId } from "../../domain/shared/ids.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { sessionEndedFailure } from "../shared/api-failure.ts";
import type { CredentialsPort } from "../shared/session/credentials-port.ts";
import { type EarlyAnswers, NO_EARLY_ANSWERS } from "../shared/session/session-boot.ts";

// What the session's user record depends on, declared beside its one (HTTP) implementation.

/** The user calls the session needs; each rejects with an ApiFailure. */
export type UsersApi = {
  /** The signed-in user's own record: role, permissions, second factors, institution. */
  readonly getCurrentUser: (id: UserId) => Promise<CurrentUser>;
};

/** User calls on the given client, for the session in the given credentials store. */
export const createUsersApi = (client: ApiClient, credentials: Pick<CredentialsPort, "read">, early: EarlyAnswers = NO_EARLY_ANSWERS): UsersApi => ({
  getCurrentUser: async (id) => {
    // Asked for a person the store does not hold (the session ended, or someone else signed in,
    // between a page's render and its read): the server can only refuse, so nothing is sent. A
    // read started in the moment a refused refresh cleared the store was sent without a token and
    // showed as a stray 401 (CI, failed-refresh flow). Checked again after the early answer, which
    // may wait for the refresh that ends the session.
    const heldByStore = (): void => {
      if (credentials.read().userId !== id) throw sessionEndedFailure();
    };
    heldByStore();
    // A reloaded tab's first read of the record was started by the boot script with the refreshed token.
    const earlyAnswer = await early.currentUser(id, credentials.read().phase === "restoring");
    if (earlyAnswer !== null) return earlyAnswer;
    heldByStore();
    return client.call(userRecordEndpoint, { params: { id } });
  },
});
