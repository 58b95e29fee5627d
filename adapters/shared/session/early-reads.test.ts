// @vitest-environment jsdom
import { createStore } from "jotai";
import * as Schema from "effect/Schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserId } from "../../../domain/shared/ids.ts";
import { createApiClient, requestOf, type ApiClient } from "../api-client.ts";
import { API_KEY } from "../fixtures.test-helper.ts";
import { AnyBody, endpointAt } from "../endpoint-at.test-helper.ts";
import { startTestServer, type TestServer } from "../test-server.test-helper.ts";
import { createCredentialsStore } from "./credentials-store.ts";
import { earlyAnswersOf, type BootAnswer, type EarlyAnswers } from "./session-boot.ts";

// The app's HTTP client taking the boot script's reads (issue 35): the answer the script got for
// the very request and token the client is about to send is used in its place, once, and judged
// by the endpoint's schema and the failure catalogue like an answer the client fetched itself.

const Widget = Schema.Struct({ id: Schema.Number, name: Schema.String });
const widget = { ...endpointAt("GET", "/api/widgets/:id/", { answer: Widget, query: AnyBody }), params: Schema.Struct({ id: Schema.NumberFromString }) };
const REQUEST = "/api/widgets/7/?page=1&ordering=name";
const answer = (status: number, body: unknown): BootAnswer => ({ status, text: JSON.stringify(body) });

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  server.script(() => ({ status: 200, json: { id: 7, name: "from the server" } }));
});
afterEach(async () => {
  await server.close();
  sessionStorage.clear();
});

/** A client whose session holds `accessToken`, with the early answers of a boot that sent REQUEST. */
const clientWith = async (accessToken: string, read: Promise<BootAnswer | null>): Promise<{ client: ApiClient; early: EarlyAnswers }> => {
  const early = earlyAnswersOf({ refreshToken: "ref-1", userId: 12, tokens: Promise.resolve(answer(200, { access: "acc-2", refresh: "ref-2" })), user: Promise.resolve(null), reads: { [REQUEST]: read } });
  await early.refresh("ref-1");
  const credentials = createCredentialsStore(sessionStorage, createStore());
  credentials.setAuthenticated({ accessToken, refreshToken: "ref-2", userId: UserId.make(12) });
  return { client: createApiClient({ baseUrl: server.baseUrl, apiKey: API_KEY, credentials, earlyRead: early.read }), early };
};
const ask = (client: ApiClient) => client.call(widget as never, { params: { id: 7 }, query: { page: 1, ordering: "name" } } as never);

describe("a read the boot script already sent", () => {
  it("writes the request as it goes out, so the script's and the client's match", () => {
    expect(requestOf("/api/widgets/7/", { page: 1, ordering: "name", skipped: undefined, none: null })).toBe(REQUEST);
    expect(requestOf("/api/a/", { status: ["active", "pending"], q: "a b" })).toBe("/api/a/?status=active&status=pending&q=a+b");
    expect(requestOf("/api/a/", undefined)).toBe("/api/a/");
  });

  it("is answered from the script's answer, once: the next call asks the server", async () => {
    const { client } = await clientWith("acc-2", Promise.resolve(answer(200, { id: 7, name: "early" })));
    await expect(ask(client)).resolves.toEqual({ id: 7, name: "early" });
    expect(server.requests).toHaveLength(0);
    await expect(ask(client)).resolves.toEqual({ id: 7, name: "from the server" });
    expect(server.requests.map((request) => [request.url, request.headers.authorization])).toEqual([[REQUEST, "Bearer acc-2"]]);
  });

  it("is not used by a session with another token (someone else signed in, or a later refresh)", async () => {
    const { client } = await clientWith("acc-someone-else", Promise.resolve(answer(200, { id: 7, name: "early" })));
    await expect(ask(client)).resolves.toEqual({ id: 7, name: "from the server" });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(["Bearer acc-someone-else"]);
  });

  it("is asked again when the script's read never came back", async () => {
    const { client } = await clientWith("acc-2", Promise.reject(new TypeError("Failed to fetch")));
    await expect(ask(client)).resolves.toEqual({ id: 7, name: "from the server" });
    expect(server.requests).toHaveLength(1);
  });

  it("is judged like the client's own answers: a malformed one fails the schema, a refusal is the catalogue's failure", async () => {
    const malformed = await clientWith("acc-2", Promise.resolve(answer(200, { id: "seven" })));
    await expect(ask(malformed.client)).rejects.toMatchObject({ status: 200, code: "ERROR_001" });
    const refused = await clientWith("acc-2", Promise.resolve(answer(403, { code: "ERROR_001", message: "not yours", detail: null })));
    await expect(ask(refused.client)).rejects.toMatchObject({ status: 403 });
    expect(server.requests).toHaveLength(0);
  });
});
