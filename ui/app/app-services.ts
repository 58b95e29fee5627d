import { createStore } from "jotai/vanilla";
import { createAdapters, type Adapters } from "../../adapters/create-adapters.ts";
import type { StoragePort } from "../../adapters/shared/session/credentials-store.ts";
import type { TokenRefreshPort } from "../../adapters/shared/token-refresh-contract.ts";
import { signInLogicFor, startSession, type SessionService, type SignInLogic } from "./auth-machines.ts";
import { createQueryCache, type QueryCache } from "./query-cache.ts";

/** The browser storages sign-out empties (spec section 4). */
export type BrowserStorage = {
  readonly local: Pick<Storage, "clear">;
  readonly session: StoragePort & Pick<Storage, "clear">;
};

/** Everything the app is built from, made once at start-up and handed down through context. */
export type AppServices = {
  readonly adapters: Adapters;
  /** The data cache, whose QueryClient is made by the lazy pages that use it (ui/app/query-cache.ts). */
  readonly queryCache: QueryCache;
  /** The one session actor: the standing the guards read, the restore, the token refresh. */
  readonly session: SessionService;
  readonly signInLogic: SignInLogic;
  readonly storage: BrowserStorage;
};

/** What start-up (ui/main.tsx) or a test supplies; browser globals are passed in, never reached for. */
export type AppServicesConfig = {
  /** "" in the browser: the API is served from the same origin as the app. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly storage: BrowserStorage;
  /** After a 401 while pre-authenticated (credentials already cleared). */
  readonly onPreAuthUnauthorized: () => void;
  /** After a failed token refresh (credentials already cleared). */
  readonly reloadPage: () => void;
  readonly fetch?: typeof globalThis.fetch;
};

/**
 * The composition root: one jotai store, the adapters over it, the session actor that owns the
 * credentials (and runs the token refresh the HTTP client waits on), and the sign-in flow's logic.
 */
export const createAppServices = (config: AppServicesConfig): AppServices => {
  // The client reads the refresh late: the session actor needs the auth API the adapters make.
  let tokenRefresh: TokenRefreshPort | undefined;
  const adapters = createAdapters({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    sessionStorage: config.storage.session,
    atoms: createStore(),
    tokenRefresh: () => tokenRefresh,
    onPreAuthUnauthorized: config.onPreAuthUnauthorized,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
  });
  const session = startSession({ authApi: adapters.authApi, credentials: adapters.credentials, reloadPage: config.reloadPage });
  tokenRefresh = session.tokenRefresh;
  return {
    adapters,
    queryCache: createQueryCache(),
    session,
    signInLogic: signInLogicFor(adapters, session.actor),
    storage: config.storage,
  };
};
