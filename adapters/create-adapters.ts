import { createApiClient, type ApiClient } from "./shared/api-client.ts";
import { createAuthApi } from "./shared/auth-api.ts";
import type { AuthApi } from "./shared/auth-port.ts";
import type { TokenRefreshPort } from "./shared/token-refresh-contract.ts";
import { createUsersApi } from "./account/users-api.ts";
import type { UsersApi } from "./account/users-port.ts";
import { createTokenRefreshPort, type TokenRefreshService } from "./shared/session/token-refresh-port.ts";
import type { CredentialsPort } from "./shared/session/credentials-port.ts";
import { createCredentialsStore, type StoragePort } from "./shared/session/credentials-store.ts";

/** What the app supplies once at start-up (browser globals are passed in, never reached for here). */
export type AdaptersConfig = {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly sessionStorage: StoragePort;
  /** After a 401 while pre-authenticated (credentials already cleared): go to sign-in. */
  readonly onPreAuthUnauthorized: () => void;
  /** After a failed token refresh (credentials already cleared): `() => location.reload()`. */
  readonly reloadPage: () => void;
  readonly fetch?: typeof globalThis.fetch;
};

/** The client side's session and HTTP adapters, wired together once. */
export type Adapters = {
  readonly credentials: CredentialsPort;
  readonly client: ApiClient;
  readonly authApi: AuthApi;
  readonly usersApi: UsersApi;
  readonly tokenRefresh: TokenRefreshService;
};

/**
 * The composition root of adapters/: the refresh port needs the auth API, which needs the client,
 * which needs the refresh port, so the client reads the port through a getter.
 */
export const createAdapters = (config: AdaptersConfig): Adapters => {
  const credentials = createCredentialsStore(config.sessionStorage);
  let tokenRefresh: TokenRefreshPort | undefined;
  const client = createApiClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    credentials,
    tokenRefresh: () => tokenRefresh,
    onPreAuthUnauthorized: config.onPreAuthUnauthorized,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
  });
  const authApi = createAuthApi(client);
  const service = createTokenRefreshPort({ authApi, credentials, reloadPage: config.reloadPage });
  tokenRefresh = service;
  return { credentials, client, authApi, usersApi: createUsersApi(client), tokenRefresh: service };
};
