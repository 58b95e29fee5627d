import { createAdapters, type Adapters } from "../../adapters/create-adapters.ts";
import type { StoragePort } from "../../adapters/shared/session/credentials-store.ts";
import { createQueryCache, type QueryCache } from "./query-cache.ts";
import { signInLogicFor, type SignInLogic } from "./sign-in-logic.ts";

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

/** The adapters, the data cache and the sign-in flow's logic, wired together once. */
export const createAppServices = (config: AppServicesConfig): AppServices => {
  const adapters = createAdapters({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    sessionStorage: config.storage.session,
    onPreAuthUnauthorized: config.onPreAuthUnauthorized,
    reloadPage: config.reloadPage,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
  });
  return {
    adapters,
    queryCache: createQueryCache(),
    signInLogic: signInLogicFor(adapters),
    storage: config.storage,
  };
};
