// @vitest-environment jsdom
import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UserId } from "../../../domain/shared/ids.ts";
import { authUser } from "../fixtures.test-helper.ts";
import { createCredentialsStore, SESSION_STORAGE_KEY } from "./credentials-store.ts";

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const everyStoredValue = (): string =>
  [sessionStorage, localStorage]
    .flatMap((storage) => Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i) ?? "")}`))
    .join("\n");

const session = { accessToken: "acc-secret-1", refreshToken: "ref-1", userId: UserId.make(12) };

describe("phases", () => {
  it("starts anonymous with nothing stored", () => {
    const store = createCredentialsStore(sessionStorage);
    expect(store.read()).toEqual({
      phase: "anonymous",
      preAuthToken: null,
      accessToken: null,
      refreshToken: null,
      userId: null,
      user: null,
    });
  });

  it("keeps the pre-auth token and user in memory only", () => {
    const store = createCredentialsStore(sessionStorage);
    store.setPreAuthenticated("pre-secret-1", authUser);
    expect(store.read()).toMatchObject({ phase: "preAuthenticated", preAuthToken: "pre-secret-1", user: authUser });
    expect(everyStoredValue()).toBe("");
  });

  it("stores the refresh token and user id in sessionStorage, never the access token", () => {
    const store = createCredentialsStore(sessionStorage);
    store.setPreAuthenticated("pre-secret-1", authUser);
    store.setAuthenticated({ ...session, user: authUser });
    expect(store.read()).toMatchObject({ phase: "authenticated", preAuthToken: null, accessToken: "acc-secret-1", user: authUser });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? "")).toEqual({ refresh_token: "ref-1", user_id: 12 });
    expect(everyStoredValue()).not.toContain("acc-secret-1");
    expect(everyStoredValue()).not.toContain("pre-secret-1");
  });

  it("after a reload only the refresh token and user id survive: the session is restoring", () => {
    createCredentialsStore(sessionStorage).setAuthenticated(session);
    const reloaded = createCredentialsStore(sessionStorage);
    expect(reloaded.read()).toMatchObject({ phase: "restoring", accessToken: null, refreshToken: "ref-1", userId: 12 });
  });

  it("stores rotated tokens, keeping the access token out of storage", () => {
    const store = createCredentialsStore(sessionStorage);
    store.setAuthenticated(session);
    store.updateTokens("acc-secret-2", "ref-2");
    expect(store.read()).toMatchObject({ phase: "authenticated", accessToken: "acc-secret-2", refreshToken: "ref-2" });
    expect(everyStoredValue()).toContain("ref-2");
    expect(everyStoredValue()).not.toContain("acc-secret-2");
  });

  it("ignores rotated tokens that arrive after the session was cleared", () => {
    const store = createCredentialsStore(sessionStorage);
    store.setAuthenticated(session);
    store.clear();
    store.updateTokens("acc-late", "ref-late");
    expect(store.phase()).toBe("anonymous");
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("clear forgets everything, in memory and in storage", () => {
    const store = createCredentialsStore(sessionStorage);
    store.setAuthenticated(session);
    store.clear();
    expect(store.phase()).toBe("anonymous");
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("keeps working in memory when storage refuses writes", () => {
    const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); }, removeItem: () => undefined };
    const store = createCredentialsStore(full);
    store.setAuthenticated(session);
    expect(store.phase()).toBe("authenticated");
  });
});

describe("stored values are decoded, not trusted", () => {
  it.each([
    ["not JSON", "{oops"],
    ["a bare token", "ref-1"],
    ["a negative user id", JSON.stringify({ refresh_token: "ref-1", user_id: -3 })],
    ["an empty token", JSON.stringify({ refresh_token: "", user_id: 12 })],
    ["a user id as text", JSON.stringify({ refresh_token: "ref-1", user_id: "12" })],
    ["an extra key", JSON.stringify({ refresh_token: "ref-1", user_id: 12, access_token: "acc" })],
  ])("discards %s", (_label, raw) => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, raw);
    const store = createCredentialsStore(sessionStorage);
    expect(store.phase()).toBe("anonymous");
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test.prop([fc.oneof(fc.string(), fc.json())])("any stored text yields a valid session or none, never an exception", (raw) => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, raw);
    const snapshot = createCredentialsStore(sessionStorage).read();
    expect(["anonymous", "restoring"]).toContain(snapshot.phase);
    if (snapshot.phase === "restoring") {
      expect(typeof snapshot.refreshToken).toBe("string");
      expect(Number.isInteger(snapshot.userId)).toBe(true);
    }
    sessionStorage.clear();
  });
});

describe("subscribe", () => {
  it("notifies on every change, keeps the snapshot identity between changes, and unsubscribes", () => {
    const store = createCredentialsStore(sessionStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.read();
    expect(store.read()).toBe(before);
    store.setPreAuthenticated("pre-1", authUser);
    store.setAuthenticated(session);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.read()).not.toBe(before);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
