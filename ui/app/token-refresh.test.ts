// @vitest-environment jsdom
import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SESSION_ENDED_MESSAGE } from "../../adapters/shared/api-failure.ts";
import { startHarness, type Harness } from "../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_STORAGE_KEY } from "../../adapters/shared/session/credentials-store.ts";
import { errorBody, type RecordedRequest, type TestServer } from "../../adapters/shared/test-server.test-helper.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { sessionStandingOf } from "../../machines/auth/session.machine.ts";
import type { SessionService } from "../services/app-services.ts";
import { startSession } from "./auth-machines.ts";
import { endpointAt } from "../../adapters/shared/endpoint-at.test-helper.ts";
import { fuzzRuns } from "../../domain/shared/testing/fuzz-budget.test-helper.ts";

// The HTTP client (adapters/) and the session actor that runs the token refresh (machines/auth),
// wired as the composition root wires them: one refresh for any number of concurrent 401s, one
// retry each (spec section 4).

const Item = Schema.Struct({ path: Schema.String });
const REFRESH_PATH = "/api/authentication/refresh/";

type SessionScript = {
  readonly refreshFails?: boolean;
  readonly refreshDelayMs?: number;
  /** Every protected call answers 401, even with fresh tokens. */
  readonly alwaysUnauthorized?: boolean;
  /**
   * Hold back the 401 of a path until the returned promise settles (a request whose 401 arrives
   * after the refresh, or after sign-out). Events, not delays, so a busy machine cannot reorder them.
   */
  readonly hold401?: (url: string) => Promise<void> | undefined;
};

/** Resolves once `condition` holds; polls, so it only ever waits for something that happens. */
const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** A promise the test settles itself. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

const refreshOf = (request: RecordedRequest): unknown =>
  typeof request.body === "object" && request.body !== null && "refresh" in request.body ? request.body.refresh : undefined;

/**
 * The server side of a session whose access token has just expired: every protected call is 401
 * until a refresh with "ref-1" rotates the pair to acc-2/ref-2 (and so on).
 */
const scriptSession = (server: TestServer, script: SessionScript = {}) => {
  const state = { refreshCalls: 0, refreshesAnswered: 0, answeredOk: [] as string[], access: "none-valid-yet", refresh: "ref-1", generation: 1 };
  server.script(async (request) => {
    if (request.url === REFRESH_PATH) {
      state.refreshCalls += 1;
      if (script.refreshFails === true || refreshOf(request) !== state.refresh) {
        return { status: 401, json: errorBody("ERROR_001", "refresh token revoked") };
      }
      state.generation += 1;
      state.access = `acc-${state.generation}`;
      state.refresh = `ref-${state.generation}`;
      const answer = { status: 200, json: { access: state.access, refresh: state.refresh } };
      if (script.refreshDelayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, script.refreshDelayMs));
      state.refreshesAnswered += 1;
      return answer;
    }
    if (script.alwaysUnauthorized === true || request.headers.authorization !== `Bearer ${state.access}`) {
      await script.hold401?.(request.url);
      return { status: 401, json: errorBody("ERROR_001", "token expired") };
    }
    state.answeredOk.push(request.url);
    return { status: 200, json: { path: request.url } };
  });
  return state;
};

type SessionHarness = Harness<SessionService>;
const start = (): Promise<SessionHarness> => startHarness(startSession);

const signIn = (h: SessionHarness): void =>
  h.adapters.credentials.setAuthenticated({ accessToken: "acc-expired", refreshToken: "ref-1", userId: UserId.make(12) });

const itemPaths = (n: number): string[] => Array.from({ length: n }, (_, i) => `/api/items/${i + 1}/`);

const storedValues = (): string[] =>
  [sessionStorage, localStorage].flatMap((storage) =>
    Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? "") ?? ""),
  );

let harness: SessionHarness;
beforeEach(async () => {
  harness = await start();
});
afterEach(async () => {
  await harness.close();
});

describe("concurrent 401s while authenticated", () => {
  it("ten requests that all get 401 cause one refresh, and each retries once with the new token", async () => {
    const state = scriptSession(harness.server, { refreshDelayMs: 50 });
    signIn(harness);
    const paths = itemPaths(10);
    const answers = await Promise.all(paths.map((path) => harness.adapters.client.call(endpointAt("GET", path, { answer: Item }), {})));
    expect(answers).toEqual(paths.map((path) => ({ path })));
    expect(state.refreshCalls).toBe(1);
    for (const path of paths) {
      const sent = harness.server.requests.filter((r) => r.url === path).map((r) => r.headers.authorization);
      expect(sent).toEqual(["Bearer acc-expired", "Bearer acc-2"]);
    }
    const refresh = harness.server.requests.find((r) => r.url === REFRESH_PATH);
    expect(refresh?.body).toEqual({ refresh: "ref-1" });
    expect(harness.adapters.credentials.read()).toMatchObject({ accessToken: "acc-2", refreshToken: "ref-2", phase: "authenticated" });
    expect(storedValues().join(" ")).toContain("ref-2");
    expect(storedValues().join(" ")).not.toContain("acc-2");
  });

  test.prop([fc.integer({ min: 1, max: 30 })], { numRuns: fuzzRuns(12) })(
    "for any number of concurrent 401s there is exactly one refresh and one retry each",
    async (n) => {
      const h = await start();
      try {
        const state = scriptSession(h.server, { refreshDelayMs: 10 });
        signIn(h);
        const paths = itemPaths(n);
        await Promise.all(paths.map((path) => h.adapters.client.call(endpointAt("GET", path, { answer: Item }), {})));
        expect(state.refreshCalls).toBe(1);
        expect(h.server.requests.filter((r) => r.url !== REFRESH_PATH)).toHaveLength(2 * n);
      } finally {
        await h.close();
      }
    },
  );

  it("a 401 that arrives after another request's refresh retries with the new token, without a second refresh", async () => {
    // The slow call's 401 is held until the fast call has refreshed and retried successfully.
    const state = scriptSession(harness.server, {
      hold401: (url) => (url === "/api/slow/" ? until(() => state.answeredOk.includes("/api/fast/")) : undefined),
    });
    signIn(harness);
    const [fast, slow] = await Promise.all([
      harness.adapters.client.call(endpointAt("GET", "/api/fast/", { answer: Item }), {}),
      harness.adapters.client.call(endpointAt("GET", "/api/slow/", { answer: Item }), {}),
    ]);
    expect([fast, slow]).toEqual([{ path: "/api/fast/" }, { path: "/api/slow/" }]);
    expect(state.refreshCalls).toBe(1);
  });

  it("a second 401 after the retry fails without another refresh", async () => {
    const state = scriptSession(harness.server, { alwaysUnauthorized: true });
    signIn(harness);
    await expect(harness.adapters.client.call(endpointAt("GET", "/api/items/1/", { answer: Item }), {})).rejects.toEqual({
      code: "ERROR_001",
      message: "Token expired",
      status: 401,
    });
    expect(state.refreshCalls).toBe(1);
    expect(harness.server.requests.filter((r) => r.url === "/api/items/1/")).toHaveLength(2);
    expect(harness.reloads.count).toBe(0);
  });
});

describe("a refresh that fails", () => {
  it("clears the auth state and reloads the page once; every waiting request ends", async () => {
    const state = scriptSession(harness.server, { refreshFails: true, refreshDelayMs: 30 });
    signIn(harness);
    const outcomes = await Promise.allSettled(itemPaths(5).map((path) => harness.adapters.client.call(endpointAt("GET", path, { answer: Item }), {})));
    expect(outcomes.map((o) => (o.status === "rejected" ? o.reason : o.value))).toEqual(
      Array.from({ length: 5 }, () => ({ code: "ERROR_001", message: SESSION_ENDED_MESSAGE, status: 401 })),
    );
    expect(state.refreshCalls).toBe(1);
    expect(harness.reloads.count).toBe(1);
    expect(harness.adapters.credentials.phase()).toBe("anonymous");
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(harness.server.requests.filter((r) => r.url !== REFRESH_PATH)).toHaveLength(5);
  });

  it("a later sign-in in the same page gets a working refresh again", async () => {
    scriptSession(harness.server, { refreshFails: true });
    signIn(harness);
    await expect(harness.adapters.client.call(endpointAt("GET", "/api/items/1/", { answer: Item }), {})).rejects.toMatchObject({ message: SESSION_ENDED_MESSAGE });
    const state = scriptSession(harness.server);
    signIn(harness);
    await expect(harness.adapters.client.call(endpointAt("GET", "/api/items/2/", { answer: Item }), {})).resolves.toEqual({ path: "/api/items/2/" });
    expect(state.refreshCalls).toBe(1);
  });
});

describe("sign-out during a refresh", () => {
  it("ends the waiting requests without a reload and does not bring the session back", async () => {
    const state = scriptSession(harness.server, { refreshDelayMs: 500 });
    signIn(harness);
    const pending = harness.adapters.client.call(endpointAt("GET", "/api/items/1/", { answer: Item }), {});
    await until(() => state.refreshCalls === 1);
    harness.adapters.credentials.clear();
    await expect(pending).rejects.toMatchObject({ message: SESSION_ENDED_MESSAGE });
    // Let the late refresh answer arrive: it must not bring the session back.
    await until(() => state.refreshesAnswered === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.refreshCalls).toBe(1);
    expect(harness.reloads.count).toBe(0);
    expect(harness.adapters.credentials.phase()).toBe("anonymous");
  });
});

describe("a 401 that arrives after sign-out", () => {
  it("starts no refresh and no reload", async () => {
    const signedOut = gate();
    const state = scriptSession(harness.server, { hold401: () => signedOut.opened });
    signIn(harness);
    const pending = harness.adapters.client.call(endpointAt("GET", "/api/items/1/", { answer: Item }), {});
    await until(() => harness.server.requests.length === 1);
    harness.adapters.credentials.clear();
    signedOut.open();
    await expect(pending).rejects.toMatchObject({ message: SESSION_ENDED_MESSAGE, status: 401 });
    expect(state.refreshCalls).toBe(0);
    expect(harness.reloads.count).toBe(0);
  });
});

describe("after a page reload", () => {
  it("refreshes once before the first calls, which then go out with the new Bearer token", async () => {
    const state = scriptSession(harness.server, { refreshDelayMs: 20 });
    signIn(harness);
    const { adapters: page } = harness.reload();
    expect(page.credentials.read()).toMatchObject({ phase: "restoring", accessToken: null, refreshToken: "ref-1" });
    const paths = itemPaths(5);
    await Promise.all(paths.map((path) => page.client.call(endpointAt("GET", path, { answer: Item }), {})));
    expect(state.refreshCalls).toBe(1);
    expect(harness.server.requests.filter((r) => r.url !== REFRESH_PATH).map((r) => r.headers.authorization)).toEqual(
      paths.map(() => "Bearer acc-2"),
    );
    expect(page.credentials.phase()).toBe("authenticated");
  });
});

describe("the session actor", () => {
  it("starts the refresh of a reloaded session by itself, before any call, and is signed in once it answers", async () => {
    const state = scriptSession(harness.server);
    signIn(harness);
    const { adapters: page, session } = harness.reload();
    expect(session === null ? null : sessionStandingOf(session.actor.getSnapshot())).toBe("restoring");
    await until(() => page.credentials.phase() === "authenticated");
    expect(state.refreshCalls).toBe(1);
    expect(page.credentials.read()).toMatchObject({ accessToken: "acc-2", refreshToken: "ref-2" });
    expect(session === null ? null : sessionStandingOf(session.actor.getSnapshot())).toBe("signedIn");
  });

  it("stops the session's refresher on sign-out, so a request waiting on it ends", async () => {
    scriptSession(harness.server, { refreshDelayMs: 200 });
    signIn(harness);
    const session = harness.session;
    if (session === null) throw new Error("the harness starts a session");
    const waiting = session.tokenRefresh.awaitFreshToken(session.tokenRefresh.currentGeneration());
    harness.adapters.credentials.clear();
    await expect(waiting).resolves.toBe("ended");
    expect(session.actor.getSnapshot().children.tokenRefresh).toBeUndefined();
  });
});
