import { UserId } from "../../domain/shared/ids.ts";
import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { createAdapters, type Adapters } from "../create-adapters.ts";
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

/** A real server plus the adapters wired to it over a real (jsdom) sessionStorage. */
export type Harness = {
  readonly server: TestServer;
  readonly adapters: Adapters;
  readonly reloads: { count: number };
  readonly preAuthEnds: { count: number };
  /** Adapters for a page reload: a new store read back from the same sessionStorage. */
  readonly reload: () => Adapters;
  readonly close: () => Promise<void>;
};

/** Starts a test server and wires createAdapters to it. */
export const startHarness = async (): Promise<Harness> => {
  const server = await startTestServer();
  const reloads = { count: 0 };
  const preAuthEnds = { count: 0 };
  const make = (): Adapters =>
    createAdapters({
      baseUrl: server.baseUrl,
      apiKey: API_KEY,
      sessionStorage,
      onPreAuthUnauthorized: () => {
        preAuthEnds.count += 1;
      },
      reloadPage: () => {
        reloads.count += 1;
      },
    });
  const first = make();
  const built: Adapters[] = [first];
  return {
    server,
    adapters: first,
    reloads,
    preAuthEnds,
    reload: () => {
      const next = make();
      built.push(next);
      return next;
    },
    close: async () => {
      for (const each of built) each.tokenRefresh.stop();
      await server.close();
      sessionStorage.clear();
      localStorage.clear();
    },
  };
};
