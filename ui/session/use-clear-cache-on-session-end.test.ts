// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authUser } from "../../adapters/shared/fixtures.test-helper.ts";
import { signOut } from "../../adapters/shared/session/sign-out.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { startAppHarness, type AppHarness } from "../app/app-services.test-helper.ts";
import { ServicesProvider } from "../services/services-context.tsx";
import { useClearCacheOnSessionEnd } from "./use-clear-cache-on-session-end.ts";
import { AnyBody, endpointAt } from "../../adapters/shared/endpoint-at.test-helper.ts";

const USER_KEY = ["users", 12];
const SECRET = { first_name: "Ann", last_name: "Lee", patients: ["Patient with a private name"] };

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const errorBody = (message: string) => ({ code: "ERROR_001", message, detail: null, id: "t" });

/** The hook mounted over the app's real services, with the signed-in user's data in the cache. */
const mountSignedIn = () => {
  const { credentials } = app.harness.adapters;
  credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
  // A .ts file has no JSX: the provider is called as the function component it is.
  const wrapper = ({ children }: { children: ReactNode }) => ServicesProvider({ services: app.services, children });
  const view = renderHook(() => useClearCacheOnSessionEnd(), { wrapper });
  app.queryClient.setQueryData(USER_KEY, SECRET);
  expect(app.queryClient.getQueryData(USER_KEY)).toEqual(SECRET);
  return view;
};

const cached = () => app.queryClient.getQueryData(USER_KEY);

describe("the data cache when a session ends", () => {
  it("is emptied by a sign-out, even one that forgot to clear it", async () => {
    mountSignedIn();
    app.harness.server.script(() => ({ status: 204 }));
    await signOut({
      api: app.harness.adapters.authApi,
      credentials: app.harness.adapters.credentials,
      storage: app.services.storage,
      clearCache: () => {},
      navigate: () => {},
    });
    expect(cached()).toBeUndefined();
  });

  it("is emptied by a failed token refresh", async () => {
    mountSignedIn();
    app.harness.server.script(() => ({ status: 401, json: errorBody("session ended") }));
    const { tokenRefresh } = app.services.session;
    expect(await tokenRefresh.awaitFreshToken(tokenRefresh.currentGeneration())).toBe("ended");
    expect(app.harness.reloads.count).toBe(1);
    expect(cached()).toBeUndefined();
  });

  it("is emptied by a 401 on a signed-in call whose refresh then fails", async () => {
    mountSignedIn();
    app.harness.server.script(() => ({ status: 401, json: errorBody("expired") }));
    await expect(app.harness.adapters.usersApi.getCurrentUser(UserId.make(12))).rejects.toMatchObject({ status: 401 });
    expect(app.harness.adapters.credentials.phase()).toBe("anonymous");
    expect(cached()).toBeUndefined();
  });

  it("is emptied by a 401 while pre-authenticated", async () => {
    mountSignedIn();
    const { client, credentials } = app.harness.adapters;
    credentials.setPreAuthenticated("pre-123", authUser);
    app.queryClient.setQueryData(USER_KEY, SECRET);
    app.harness.server.script(() => ({ status: 401, json: errorBody("token expired") }));
    await expect(client.call(endpointAt("POST", "/api/authentication/totp/verify/", { body: AnyBody }), { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(credentials.phase()).toBe("anonymous");
    expect(cached()).toBeUndefined();
  });

  it("is emptied when the idle sign-off (or anything else) clears the credentials", () => {
    mountSignedIn();
    app.harness.adapters.credentials.clear();
    expect(cached()).toBeUndefined();
  });

  it("survives refreshed tokens: the session goes on", async () => {
    mountSignedIn();
    app.harness.server.script(() => ({ status: 200, json: { access: "acc-2", refresh: "ref-2" } }));
    const { tokenRefresh } = app.services.session;
    expect(await tokenRefresh.awaitFreshToken(tokenRefresh.currentGeneration())).toBe("refreshed");
    expect(app.harness.adapters.credentials.read().accessToken).toBe("acc-2");
    expect(cached()).toEqual(SECRET);
  });

  it("stops clearing once unmounted", () => {
    const view = mountSignedIn();
    view.unmount();
    app.harness.adapters.credentials.clear();
    expect(cached()).toEqual(SECRET);
  });
});
