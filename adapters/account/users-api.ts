import { userRecordEndpoint } from "../../domain/account/account-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import type { UsersApi } from "./users-port.ts";

/** User calls on the given client. */
export const createUsersApi = (client: ApiClient): UsersApi => ({
  getCurrentUser: (id) => client.call(userRecordEndpoint, { params: { id } }),
});
