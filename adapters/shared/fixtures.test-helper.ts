import { createStore } from "jotai/vanilla";
import { UserId } from "../../domain/shared/ids.ts";
import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { createAdapters, type Adapters } from "../create-adapters.ts";
import type { AuthApi } from "./auth-port.ts";
import type { CredentialsPort } from "./session/credentials-port.ts";
import type { TokenRefreshPort } from "./token-refresh-contract.ts";
import { startTestServer, type TestServer } from "./test-server.test-helper.ts";

/** The static key the test server expects. */
export const API_KEY = "test-api-key-7f3a";

/** A user fresh from login_web: no default second factor yet. */
export const authUser: AuthUser = {
  id: UserId.make(12),
  change_password: false,
  default_mfa_method: null,
  mfa_methods: ["email"],
  phone: "********4567",
};

/** The signed-in user's record as users/{id}/ answers it. */
export const currentUserWire = {
  id: 12,
  email: "ann.lee@clinic.org",
  first_name: "Ann",
  last_name: "Lee",
  role: { id: 4, title: "Speech-language pathologist", code_name: "STAFF" },
  default_mfa_method: "app",
  mfa_methods: ["app", "email"],
  phone: "********4567",
  permissions: { patient: ["list", "retrieve"] },
  institution: { id: 2, name: "Riverside Clinic" },
  version: 1,
};

/** What runs the token refresh over a page's adapters (the app's session actor, ui/app/auth-machines.ts). */
export type HarnessSession = { readonly tokenRefresh: TokenRefreshPort; readonly stop: () => void };

/** Starts the token refresh of one page: given its auth API, credentials and page reload. */
export type StartHarnessSession<S extends HarnessSession> = (deps: {
  readonly authApi: Pick<AuthApi, "refresh">;
  readonly credentials: CredentialsPort;
  readonly reloadPage: () => void;
}) => S;

/** One page's adapters and, when the harness was given one, its running session. */
export type HarnessPage<S> = { readonly adapters: Adapters; readonly session: S | null };

/** A real server plus the adapters wired to it over a real (jsdom) sessionStorage. */
export type Harness<S extends HarnessSession = HarnessSession> = {
  readonly server: TestServer;
  readonly adapters: Adapters;
  /** The first page's session, or null without a startSession (no token refresh). */
  readonly session: S | null;
  readonly reloads: { count: number };
  readonly preAuthEnds: { count: number };
  /** A page reload: a new store read back from the same sessionStorage, with its own session. */
  readonly reload: () => HarnessPage<S>;
  readonly close: () => Promise<void>;
};

/**
 * Starts a test server and wires createAdapters to it. Adapters make no machines; a test of the
 * token refresh passes the app's startSession, which the client then waits on after a 401.
 */
export const startHarness = async <S extends HarnessSession = HarnessSession>(startSession?: StartHarnessSession<S>): Promise<Harness<S>> => {
  const server = await startTestServer();
  const reloads = { count: 0 };
  const preAuthEnds = { count: 0 };
  const make = (): HarnessPage<S> => {
    let session: S | null = null;
    const adapters = createAdapters({
      baseUrl: server.baseUrl,
      apiKey: API_KEY,
      sessionStorage,
      atoms: createStore(),
      tokenRefresh: () => session?.tokenRefresh,
      onPreAuthUnauthorized: () => {
        preAuthEnds.count += 1;
      },
    });
    const reloadPage = () => {
      reloads.count += 1;
    };
    session = startSession === undefined ? null : startSession({ authApi: adapters.authApi, credentials: adapters.credentials, reloadPage });
    return { adapters, session };
  };
  const first = make();
  const built: HarnessPage<S>[] = [first];
  return {
    server,
    adapters: first.adapters,
    session: first.session,
    reloads,
    preAuthEnds,
    reload: () => {
      const next = make();
      built.push(next);
      return next;
    },
    close: async () => {
      for (const each of built) each.session?.stop();
      await server.close();
      sessionStorage.clear();
      localStorage.clear();
    },
  };
};
