import { createApiClient, type ApiClient } from "./shared/api-client.ts";
import { createAuthApi } from "./shared/auth-api.ts";
import type { AuthApi } from "./shared/auth-port.ts";
import type { TokenRefreshPort } from "./shared/token-refresh-contract.ts";
import { createUsersApi } from "./account/users-api.ts";
import type { UsersApi } from "./account/users-api.ts";
import type { CredentialsPort } from "./shared/session/credentials-port.ts";
import { createCredentialsStore, type AtomStore, type StoragePort } from "./shared/session/credentials-store.ts";
import { earlyAnswersOf, type SessionBoot } from "./shared/session/session-boot.ts";

/** What the app supplies once at start-up (browser globals are passed in, never reached for here). */
export type AdaptersConfig = {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly sessionStorage: StoragePort;
  /** The app's one jotai store, which holds the credentials atom. */
  readonly atoms: AtomStore;
  /**
   * The token refresh the client waits on after a 401 (spec section 4). It is run by the session
   * actor (machines/auth), which needs the auth API made here, so the client reads it late.
   */
  readonly tokenRefresh: () => TokenRefreshPort | undefined;
  /** After a 401 while pre-authenticated (credentials already cleared): go to sign-in. */
  readonly onPreAuthUnauthorized: () => void;
  readonly fetch?: typeof globalThis.fetch;
  /** What the session's boot script started before the app ran (ui/main.tsx takes it from the page). */
  readonly sessionBoot?: SessionBoot | null;
};

/** The client side's session and HTTP adapters, wired together once. */
export type Adapters = {
  readonly credentials: CredentialsPort;
  readonly client: ApiClient;
  readonly authApi: AuthApi;
  readonly usersApi: UsersApi;
  /** Whether the session's boot script started the arrival page's reads (ui/app/prefetched-routes.ts). */
  readonly earlyReadsStarted: boolean;
};

/** The adapters over one credentials store; machines are no part of them (DESIGN.md: adapters implement ports). */
export const createAdapters = (config: AdaptersConfig): Adapters => {
  const credentials = createCredentialsStore(config.sessionStorage, config.atoms);
  const early = earlyAnswersOf(config.sessionBoot ?? null);
  const client = createApiClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    credentials,
    tokenRefresh: config.tokenRefresh,
    onPreAuthUnauthorized: config.onPreAuthUnauthorized,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
    earlyRead: early.read,
  });
  return {
    credentials,
    client,
    authApi: createAuthApi(client, early),
    usersApi: createUsersApi(client, credentials, early),
    earlyReadsStarted: early.readsStarted,
  };
};
