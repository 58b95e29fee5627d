import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { AuthApi } from "../../adapters/shared/auth-port.ts";
import { createCredentialsStore } from "../../adapters/shared/session/credentials-store.ts";
import { loginResponse } from "../../machines/auth/sign-in.fakes.test-helper.ts";
import { signInLogicFor, startSession } from "./auth-machines.ts";

/** A sessionStorage stand-in: the store's storage port. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

// Only login_web is called here; any other call is a failure of the test.
const authApiAnswering = (): AuthApi =>
  new Proxy({} as AuthApi, {
    get: (_, name) =>
      name === "loginWeb" ? () => Promise.resolve(loginResponse({ methods: [] })) : () => Promise.reject(new Error(`unexpected ${String(name)}`)),
  });

describe("the sign-in flow bound to the credentials store, heard through the session actor", () => {
  it("fills the store on login, and starts over when the store is cleared elsewhere (sign-out, a failed refresh)", async () => {
    const credentials = createCredentialsStore(memoryStorage());
    const authApi = authApiAnswering();
    const session = startSession({ authApi, credentials, reloadPage: () => expect.fail("no reload expected") });
    const actor = createActor(signInLogicFor({ authApi, credentials }, session.actor)).start();
    actor.send({ type: "credentials.submit", email: "ana@clinic.test", password: "correct horse battery" });
    await waitFor(actor, (s) => s.matches("choosingMethod"));
    expect(credentials.phase()).toBe("preAuthenticated");

    credentials.clear();
    expect(actor.getSnapshot().matches("enteringCredentials")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ preAuthToken: null, user: null, email: "ana@clinic.test" });
    actor.stop();
    session.stop();
  });
});
