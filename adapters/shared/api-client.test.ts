// @vitest-environment jsdom
import * as Schema from "effect/Schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PatientId, UserId } from "../../domain/shared/ids.ts";
import { endpoint } from "../../domain/shared/wire/endpoint.ts";
import { BooleanFromQuery, idFromUrl } from "../../domain/shared/wire/query-string.ts";
import { isStaleVersionFailure } from "../../domain/shared/record-conflict.ts";
import { createCredentialsStore } from "./session/credentials-store.ts";
import { createApiClient } from "./api-client.ts";
import { isApiFailure, NETWORK_FAILURE_MESSAGE } from "./api-failure.ts";
import { API_KEY, authUser, startHarness, type Harness } from "./fixtures.test-helper.ts";
import { errorBody, startTestServer } from "./test-server.test-helper.ts";
import { AnyBody, endpointAt } from "./endpoint-at.test-helper.ts";

const Widget = Schema.Struct({ name: Schema.String, count: Schema.Number });

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await harness.close();
});

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject");
};

describe("headers", () => {
  it("sends the API key and asks for JSON on every method", async () => {
    harness.server.script(() => ({ status: 204 }));
    const { client } = harness.adapters;
    await client.call(endpointAt("GET", "/api/a/"), {});
    await client.call(endpointAt("POST", "/api/b/", { body: AnyBody }), { body: { x: 1 } });
    await client.call(endpointAt("PUT", "/api/c/"), {});
    await client.call(endpointAt("PATCH", "/api/d/", { body: AnyBody }), { body: { y: 2 } });
    await client.call(endpointAt("DELETE", "/api/e/"), {});
    expect(harness.server.requests.map((r) => [r.method, r.url, r.headers["x-api-key"], r.headers.accept])).toEqual([
      ["GET", "/api/a/", API_KEY, "application/json"],
      ["POST", "/api/b/", API_KEY, "application/json"],
      ["PUT", "/api/c/", API_KEY, "application/json"],
      ["PATCH", "/api/d/", API_KEY, "application/json"],
      ["DELETE", "/api/e/", API_KEY, "application/json"],
    ]);
  });

  it("names the version a write started from as a strong If-Match, and only when given one", async () => {
    harness.server.script(() => ({ status: 204 }));
    await harness.adapters.client.call(endpointAt("PATCH", "/api/d/", { body: AnyBody }), { body: { y: 2 }, ifMatch: 7 });
    await harness.adapters.client.call(endpointAt("PUT", "/api/c/"), { ifMatch: 1 });
    await harness.adapters.client.call(endpointAt("PATCH", "/api/d/", { body: AnyBody }), { body: { y: 3 } });
    expect(harness.server.requests.map((r) => r.headers["if-match"])).toEqual(['"7"', '"1"', undefined]);
  });

  it("a stale write's 412 keeps its status and the version field, so it reads as a conflict", async () => {
    harness.server.script(() => ({ status: 412, json: { code: "ERROR_056", message: "Someone else changed this record", detail: { field: "version" }, id: "x" } }));
    const error = await rejection(harness.adapters.client.call(endpointAt("PATCH", "/api/d/", { body: AnyBody }), { body: {}, ifMatch: 1 }));
    expect(error).toMatchObject({ code: "ERROR_056", status: 412, field: "version" });
    expect(isStaleVersionFailure(error)).toBe(true);
  });

  it("sends bodies as JSON", async () => {
    harness.server.script(() => ({ status: 204 }));
    await harness.adapters.client.call(endpointAt("PATCH", "/api/d/", { body: AnyBody }), { body: { first_name: "Zoë", ids: [1, 2] } });
    const [request] = harness.server.requests;
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({ first_name: "Zoë", ids: [1, 2] });
  });

  it("sends no Authorization while anonymous", async () => {
    harness.server.script(() => ({ status: 204 }));
    await harness.adapters.client.call(endpointAt("GET", "/api/a/"), {});
    expect(harness.server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("sends Token while pre-authenticated and Bearer once authenticated", async () => {
    harness.server.script(() => ({ status: 204 }));
    const { client, credentials } = harness.adapters;
    credentials.setPreAuthenticated("pre-123", authUser);
    await client.call(endpointAt("POST", "/api/authentication/totp/re_send/", { body: AnyBody }), { body: { mfa_option: "email" } });
    credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
    await client.call(endpointAt("GET", "/api/users/12/"), {});
    expect(harness.server.requests.map((r) => r.headers.authorization)).toEqual(["Token pre-123", "Bearer acc-1"]);
  });

  it("serialises the query: arrays repeat the key, null and undefined are left out", async () => {
    harness.server.script(() => ({ status: 204 }));
    const query = Schema.Struct({
      page: Schema.Number,
      search: Schema.String,
      status: Schema.Array(Schema.String),
      reviewed: Schema.NullOr(Schema.Boolean),
      ordering: Schema.optional(Schema.String),
    });
    await harness.adapters.client.call(endpointAt("GET", "/api/patients/", { query }), {
      query: { page: 2, search: "a b&c", status: ["active", "pending"], reviewed: null, ordering: undefined },
    });
    expect(harness.server.requests[0]?.url).toBe("/api/patients/?page=2&search=a+b%26c&status=active&status=pending");
  });
});

describe("calling a declared endpoint", () => {
  const patientWidgets = endpoint({
    method: "POST",
    path: "/api/patients/:id/widgets/",
    params: Schema.Struct({ id: idFromUrl(PatientId) }),
    query: Schema.Struct({ archived: Schema.optionalKey(BooleanFromQuery), tag: Schema.optionalKey(Schema.fromJsonString(Schema.Array(Schema.String))) }),
    body: Schema.Struct({ name: Schema.String }),
    answer: Widget,
  });

  it("fills the path, encodes the query with the endpoint's own schema, sends the body and decodes the answer", async () => {
    harness.server.script(() => ({ status: 201, json: { name: "w", count: 2, extra: true } }));
    const answer = await harness.adapters.client.call(patientWidgets, {
      params: { id: PatientId.make(17) },
      query: { archived: false, tag: ["a b"] },
      body: { name: "w" },
    });
    expect(answer).toEqual({ name: "w", count: 2 });
    const [request] = harness.server.requests;
    expect(request?.method).toBe("POST");
    const url = new URL(request?.url ?? "", "http://x");
    expect(url.pathname).toBe("/api/patients/17/widgets/");
    expect([...url.searchParams]).toEqual([["archived", "false"], ["tag", JSON.stringify(["a b"])]]);
    expect(request?.body).toEqual({ name: "w" });
  });

  it("sends nothing when the params break the endpoint's schema (the server would refuse them too)", async () => {
    harness.server.script(() => ({ status: 201, json: { name: "w", count: 2 } }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const error = await rejection(harness.adapters.client.call(patientWidgets, { params: { id: PatientId.make(-1, { disableChecks: true }) }, query: {}, body: { name: "w" } }));
    expect(isApiFailure(error) && error.status).toBe(0);
    expect(harness.server.requests).toEqual([]);
  });
});

describe("answers", () => {
  it("decodes an answer with its schema, dropping fields it does not know", async () => {
    harness.server.script(() => ({ status: 200, json: { name: "grid", count: 3, extra: true } }));
    await expect(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {})).resolves.toEqual({ name: "grid", count: 3 });
  });

  it("resolves undefined for a 204 when no schema is expected", async () => {
    harness.server.script(() => ({ status: 204 }));
    await expect(harness.adapters.client.call(endpointAt("DELETE", "/api/w/1/"), {})).resolves.toBeUndefined();
  });

  it("refuses a malformed answer as ERROR_001 and logs the path once, without the data", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    harness.server.script(() => ({ status: 200, json: { name: "secret-patient-name", count: "three" } }));
    const failure = await rejection(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}));
    await rejection(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}));
    expect(failure).toEqual({ code: "ERROR_001", message: "An error occurred", status: 200 });
    expect(log).toHaveBeenCalledTimes(1);
    const logged = log.mock.calls.flat().map(String).join(" ");
    expect(logged).toContain("GET /api/w/");
    expect(logged).not.toContain("secret-patient-name");
  });

  it("refuses a body that is not JSON, and a 204 where a record was promised", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    harness.server.script((request) =>
      request.url === "/api/html/" ? { status: 200, text: "<html>proxy</html>", contentType: "text/html" } : { status: 204 },
    );
    await expect(rejection(harness.adapters.client.call(endpointAt("GET", "/api/html/", { answer: Widget }), {}))).resolves.toMatchObject({ code: "ERROR_001" });
    await expect(rejection(harness.adapters.client.call(endpointAt("GET", "/api/empty/", { answer: Widget }), {}))).resolves.toMatchObject({ code: "ERROR_001", status: 204 });
  });
});

describe("failures", () => {
  it("reads HTTP 429 as ERROR_012 whatever the body says", async () => {
    harness.server.script(() => ({ status: 429, json: errorBody("ERROR_005", "The username or password is incorrect") }));
    const failure = await rejection(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}));
    expect(failure).toEqual({ code: "ERROR_012", message: "The maximum number of attempts has been reached", status: 429 });
    expect(harness.server.requests).toHaveLength(1);
  });

  it("reads an unknown code as ERROR_001 with the catalogue message", async () => {
    harness.server.script(() => ({ status: 400, json: errorBody("ERROR_999", "Flux capacitor overloaded") }));
    expect(await rejection(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}))).toEqual({
      code: "ERROR_001",
      message: "An error occurred",
      status: 400,
    });
  });

  it("cleans the server's message and keeps the field", async () => {
    harness.server.script(() => ({ status: 400, json: errorBody("ERROR_019", "**The OTP code is INVALID**", "otp_code") }));
    const failure = await rejection(harness.adapters.client.call(endpointAt("POST", "/api/v/", { body: AnyBody }), { body: {} }));
    expect(failure).toEqual({ code: "ERROR_019", message: "The otp code is invalid", status: 400, field: "otp_code" });
    expect(isApiFailure(failure)).toBe(true);
  });

  it("reads a non-JSON error page as ERROR_001 and never retries it", async () => {
    harness.server.script(() => ({ status: 502, text: "<html>Bad gateway</html>", contentType: "text/html" }));
    expect(await rejection(harness.adapters.client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}))).toMatchObject({ code: "ERROR_001", status: 502 });
    expect(harness.server.requests).toHaveLength(1);
  });

  it("says the server could not be reached when nothing answers", async () => {
    const gone = await startTestServer();
    await gone.close();
    const client = createApiClient({ baseUrl: gone.baseUrl, apiKey: API_KEY, credentials: createCredentialsStore(sessionStorage) });
    const failure = await rejection(client.call(endpointAt("GET", "/api/w/", { answer: Widget }), {}));
    expect(failure).toEqual({ code: "ERROR_001", message: NETWORK_FAILURE_MESSAGE, status: 0 });
  });

  it("hands an aborted call its abort back, not a network failure", async () => {
    // The answer is held far past the test; the abort comes once the request is surely in flight.
    harness.server.script(() => ({ status: 204, delayMs: 60_000 }));
    const controller = new AbortController();
    const pending = harness.adapters.client.call(endpointAt("GET", "/api/slow/"), { signal: controller.signal });
    await vi.waitFor(() => expect(harness.server.requests).toHaveLength(1), { timeout: 10_000 });
    controller.abort(new Error("left the page"));
    const error = await rejection(pending);
    expect(isApiFailure(error)).toBe(false);
    expect(error).toMatchObject({ message: "left the page" });
  });
});

describe("where a request leaves from", () => {
  // The browser records the caller's stack with every fetch, at a cost that grows with its depth;
  // a query's read starts inside React's commit, which recurses through the component tree.
  it("calls fetch from the bottom of the stack, in the same task, however deep the caller is", async () => {
    harness.server.script(() => ({ status: 204 }));
    // Noted, not asserted here: an assertion thrown inside fetch would come back as a network failure.
    const calls: { readonly depth: number; readonly afterTask: boolean }[] = [];
    let taskEnded = false;
    const noting: typeof fetch = (input, init) => {
      calls.push({ depth: (new Error().stack ?? "").split("\n").length, afterTask: taskEnded });
      return fetch(input, init);
    };
    const client = createApiClient({ baseUrl: harness.server.baseUrl, apiKey: API_KEY, credentials: createCredentialsStore(sessionStorage), fetch: noting });
    const deep = (levels: number): Promise<unknown> => (levels === 0 ? client.call(endpointAt("GET", "/api/a/"), {}) : deep(levels - 1));
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 500;
    try {
      const call = deep(200);
      setTimeout(() => (taskEnded = true), 0);
      // Not during the caller's own stack: the request goes out once that stack has unwound.
      expect(calls).toEqual([]);
      await call;
    } finally {
      Error.stackTraceLimit = limit;
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]?.depth).toBeLessThan(50);
    expect(calls[0]?.afterTask).toBe(false);
  });
});

describe("401 while pre-authenticated", () => {
  it("clears the credentials, tells the app once, and rejects", async () => {
    harness.server.script(() => ({ status: 401, json: errorBody("ERROR_001", "token expired") }));
    const { client, credentials } = harness.adapters;
    credentials.setPreAuthenticated("pre-123", authUser);
    const failure = await rejection(client.call(endpointAt("POST", "/api/authentication/totp/verify/", { body: AnyBody }), { body: {} }));
    expect(failure).toMatchObject({ status: 401 });
    expect(credentials.phase()).toBe("anonymous");
    expect(harness.preAuthEnds.count).toBe(1);
    expect(harness.server.requests.filter((r) => r.url.includes("refresh"))).toHaveLength(0);
  });

  it("leaves a newer sign-in alone when an old pre-auth call answers 401 late", async () => {
    harness.server.script(() => ({ status: 401, json: errorBody("ERROR_001", "gone"), delayMs: 100 }));
    const { client, credentials } = harness.adapters;
    credentials.setPreAuthenticated("pre-old", authUser);
    const pending = client.call(endpointAt("POST", "/api/authentication/totp/verify/", { body: AnyBody }), { body: {} });
    credentials.setPreAuthenticated("pre-new", authUser);
    await rejection(pending);
    expect(credentials.read().preAuthToken).toBe("pre-new");
    expect(harness.preAuthEnds.count).toBe(0);
  });
});

describe("a raw request's 401", () => {
  it("waits for a token newer than the one its headers carry, and says the session ended without a refresh token", async () => {
    const { credentials } = harness.adapters;
    credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
    const waitedFor: number[] = [];
    let generation = 3;
    const client = createApiClient({
      baseUrl: harness.server.baseUrl,
      apiKey: API_KEY,
      credentials,
      tokenRefresh: {
        currentGeneration: () => generation,
        awaitFreshToken: async (seen) => {
          waitedFor.push(seen);
          return "refreshed";
        },
      },
    });
    const request = client.raw("/api/slp-chat/stream/");
    expect(request.headers.Authorization).toBe("Bearer acc-1");
    // Another call refreshed meanwhile: the wait still names the generation these headers carried.
    generation = 4;
    await expect(request.unauthorized()).resolves.toBe("refreshed");
    expect(waitedFor).toEqual([3]);
    credentials.clear();
    await expect(client.raw("/api/slp-chat/stream/").unauthorized()).resolves.toBe("ended");
    expect(waitedFor).toEqual([3]);
  });
});
