import type { Adapters } from "../../adapters/create-adapters.ts";
import type { StoragePort } from "../../adapters/shared/session/credentials-store.ts";
import type { SessionTokenRefresh } from "../../machines/auth/session-token-refresh.ts";
import type { SessionActor } from "../../machines/auth/session.machine.ts";
import type { signInMachine } from "../../machines/auth/sign-in.machine.ts";
import type { QueryCache } from "../data/query-cache.ts";

// What every part of the UI may know of the app's services: their shapes. They are made, and the
// machines given their effects, by the composition root (ui/app/app-services.ts,
// ui/app/auth-machines.ts), which nothing below it imports.

/** The browser storages sign-out empties (spec section 4). */
export type BrowserStorage = {
  readonly local: Pick<Storage, "clear">;
  readonly session: StoragePort & Pick<Storage, "clear">;
};

/** The running session actor and the token refresh the HTTP client waits on; `stop()` for teardown (tests). */
export type SessionService = {
  readonly actor: SessionActor;
  readonly tokenRefresh: SessionTokenRefresh;
  readonly stop: () => void;
};

/** The sign-in machine with its effects bound to the adapters (or to fakes in tests). */
export type SignInLogic = typeof signInMachine;

/** Everything the app is built from, made once at start-up and handed down through context. */
export type AppServices = {
  readonly adapters: Adapters;
  /** The data cache, whose QueryClient is made by the lazy pages that use it (ui/data/query-cache.ts). */
  readonly queryCache: QueryCache;
  /** The one session actor: the standing the guards read, the restore, the token refresh. */
  readonly session: SessionService;
  readonly signInLogic: SignInLogic;
  readonly storage: BrowserStorage;
};
