import { createStore } from "jotai/vanilla";
import { createAdapters } from "../../adapters/create-adapters.ts";
import type { SessionBoot } from "../../adapters/shared/session/session-boot.ts";
import type { TokenRefreshPort } from "../../adapters/shared/token-refresh-contract.ts";
import { createQueryCache } from "../data/query-cache.ts";
import type { AppServices, BrowserStorage } from "../services/app-services.ts";
import { signInLogicFor, startSession } from "./auth-machines.ts";

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
  /** What the session's boot script started before the app ran; none in tests. */
  readonly sessionBoot?: SessionBoot | null;
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
    sessionBoot: config.sessionBoot ?? null,
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
