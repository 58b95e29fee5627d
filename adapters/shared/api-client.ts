import type * as Schema from "effect/Schema";
import { createFetch, ofetch, type FetchResponse } from "ofetch";
import { etagOf } from "../../domain/shared/record-version.ts";
import { decodeLenient, encodeWire } from "../../domain/shared/wire/decode.ts";
import { type AnswerOf, type Endpoint, type HttpMethod, type ParamsOf, type QueryOf, type SentBodyOf, type WireSchema, fillPath } from "../../domain/shared/wire/endpoint.ts";
import type { CredentialsPort, CredentialsSnapshot } from "./session/credentials-port.ts";
import {
  failureFromHttp,
  malformedResponseFailure,
  malformedRequestFailure,
  networkFailure,
  sessionEndedFailure,
} from "./api-failure.ts";
import { basicAuthorization } from "./basic-authorization.ts";
import type { TokenRefreshPort } from "./token-refresh-contract.ts";

/** A schema an answer is decoded with (no services needed to decode). */
export type ResponseSchema = Schema.ConstraintDecoder<unknown>;

/** Query values; null and undefined keys are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * How a call proves who is calling: "session" (the default) sends Token while pre-authenticated
 * and Bearer while authenticated; "basic" is login_web's email and password; "none" sends nothing.
 */
export type CallAuth =
  | { readonly kind: "session" }
  | { readonly kind: "basic"; readonly email: string; readonly password: string }
  | { readonly kind: "none" };

/** Options every call takes besides its schema. */
export type ReadOptions = {
  readonly query?: Query;
  readonly auth?: CallAuth;
  /** False for refresh and logout: their own 401 must never start another refresh. */
  readonly refreshOnUnauthorized?: boolean;
  readonly signal?: AbortSignal;
};
/** Options of calls that send a JSON body. */
export type WriteOptions = ReadOptions & {
  readonly body?: unknown;
  /**
   * The version of the record the person started editing: sent as `If-Match: "<version>"`, so a
   * record someone else changed meanwhile is refused (412) instead of overwritten.
   */
  readonly ifMatch?: number;
};

/** What a call of an endpoint sends: its params and query (typed values), its body (wire form), and how. */
export type EndpointCall<E extends Endpoint> = Omit<WriteOptions, "query" | "body"> &
  (E["params"] extends WireSchema ? { readonly params: ParamsOf<E> } : { readonly params?: undefined }) &
  (E["query"] extends WireSchema ? { readonly query: QueryOf<E> } : { readonly query?: undefined }) &
  (E["body"] extends WireSchema ? { readonly body: SentBodyOf<E> } : { readonly body?: undefined });

/** The typed HTTP client; every call rejects with an ApiFailure. */
export type ApiClient = {
  /**
   * Calls a declared endpoint (domain/shared/wire/endpoint.ts): its params and query are encoded
   * with the endpoint's own schemas (the ones the server decodes with), its answer decoded with
   * its answer schema. The way every adapter calls the API.
   */
  readonly call: <E extends Endpoint>(endpoint: E, request: EndpointCall<E>) => Promise<AnswerOf<E>>;
  /**
   * For a request the client cannot make as a JSON call (the chat's event stream, an upload that
   * reports its progress): its address and the headers every call carries now (API key and the
   * session's Authorization), so a token is never put in a URL; and the fetch the client uses.
   */
  readonly raw: (path: string) => RawRequest;
};

/** What `ApiClient.raw` gives: the full address, the headers of the current session, and the fetch to use. */
export type RawRequest = {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch: typeof globalThis.fetch;
  /**
   * After a 401 to these headers: waits for the session's one shared refresh (the same rule as a
   * JSON call's), "refreshed" when a newer token is stored, "ended" when the session is over and a
   * new request would be refused again. Without a refresh (pre-auth, tests) it answers "ended".
   */
  readonly unauthorized: () => Promise<"refreshed" | "ended">;
};

/** What the client is built from; the token refresh may be a getter because it is built from the client. */
export type ApiClientOptions = {
  /** Origin of the API ("" for same-origin in the browser); paths carry the /api/ prefix. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly credentials: CredentialsPort;
  readonly tokenRefresh?: TokenRefreshPort | (() => TokenRefreshPort | undefined);
  /** Called after a 401 while pre-authenticated, once the credentials are cleared (go to sign-in). */
  readonly onPreAuthUnauthorized?: () => void;
  /** Defaults to the global fetch; tests and special runtimes may pass their own. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * A GET's answer already asked for with the same access token (the session's boot script,
   * adapters/shared/session/session-boot.ts): taken in place of sending it, then judged as any.
   */
  readonly earlyRead?: (request: string, accessToken: string) => Promise<{ readonly status: number; readonly text: string } | null> | null;
};

type Method = HttpMethod;
type CallOptions = WriteOptions & { readonly schema: ResponseSchema | undefined };
type Answer = { readonly status: number; readonly data: unknown };

const SESSION: CallAuth = { kind: "session" };
/** The status a raw request (a stream, a download) answers `unauthorized()` for, as the JSON calls do. */
export const UNAUTHORIZED = 401;

const authorizationFor = (auth: CallAuth, session: CredentialsSnapshot): string | undefined => {
  if (auth.kind === "basic") return basicAuthorization(auth.email, auth.password);
  if (auth.kind === "none") return undefined;
  if (session.phase === "preAuthenticated" && session.preAuthToken !== null) return `Token ${session.preAuthToken}`;
  if (session.accessToken !== null) return `Bearer ${session.accessToken}`;
  return undefined;
};

const queryOf = (query: Query | undefined): Record<string, string | number | boolean | Array<string | number | boolean>> | undefined => {
  if (query === undefined) return undefined;
  const kept: Record<string, string | number | boolean | Array<string | number | boolean>> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    kept[key] = typeof value === "object" ? [...value] : value;
  }
  return kept;
};

// An empty or non-JSON body is not an exception: it simply fails the schema (or the error body) later.
export const parseJson = (text: string): unknown => {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** A GET as it goes out (path, then the query in the call's order, arrays repeated): how an early read is found. */
export const requestOf = (path: string, query: Query | undefined): string => {
  const pairs = new URLSearchParams();
  for (const [key, value] of Object.entries(queryOf(query) ?? {})) for (const each of [value].flat()) pairs.append(key, String(each));
  const text = pairs.toString();
  return text === "" ? path : `${path}?${text}`;
};

/**
 * The portal's HTTP client on ofetch (spec sections 4 and 7): the API key on every call, the
 * right Authorization scheme for the session phase, every answer decoded with its wire schema,
 * every failure an ApiFailure, and the 401 rules (pre-auth: clear and start over; authenticated:
 * one shared refresh, then one retry).
 */
export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const $fetch = options.fetch === undefined ? ofetch : createFetch({ fetch: options.fetch });
  const { credentials } = options;
  const refreshPort = (): TokenRefreshPort | undefined =>
    typeof options.tokenRefresh === "function" ? options.tokenRefresh() : options.tokenRefresh;
  const loggedDecodeFailures = new Set<string>();

  const exchange = async (method: Method, path: string, call: CallOptions, authorization: string | undefined): Promise<Answer> => {
    const headers: Record<string, string> = { "X-Api-Key": options.apiKey, Accept: "application/json" };
    if (authorization !== undefined) headers.Authorization = authorization;
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.ifMatch !== undefined) headers["If-Match"] = etagOf(call.ifMatch);
    const early = method === "GET" && authorization?.startsWith("Bearer ") ? options.earlyRead?.(requestOf(path, call.query), authorization.slice(7)) : null;
    const adopted = early ? await early : null;
    if (adopted) return { status: adopted.status, data: parseJson(adopted.text) };
    // The request leaves from a microtask, at the bottom of the stack, still in this task: the
    // browser records the caller's whole stack with each fetch, and a query's read starts inside
    // React's commit, which walks the component tree by recursion, 100-200 frames deep. Measured in Chromium: 1.4-2.8 ms a fetch 150 frames deep,
    // 0.3-0.6 ms from the bottom (docs/session.md, "Requests from the bottom of the stack").
    await undefined;
    let response: FetchResponse<unknown>;
    try {
      response = await $fetch.raw<unknown>(path, {
        baseURL: options.baseUrl,
        method,
        headers,
        query: queryOf(call.query),
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
        // We read every status ourselves; ofetch must neither throw on 4xx/5xx nor retry behind our back.
        ignoreResponseError: true,
        retry: 0,
        parseResponse: parseJson,
      });
    } catch (error) {
      // A caller that aborted wants its abort back, not a "server unreachable" message.
      if (call.signal?.aborted === true) throw call.signal.reason ?? error;
      throw networkFailure();
    }
    return { status: response.status, data: response._data };
  };

  const settle = (method: Method, path: string, call: CallOptions, answer: Answer): unknown => {
    if (!isSuccessStatus(answer.status)) throw failureFromHttp(answer.status, answer.data);
    if (call.schema === undefined) return undefined;
    const decoded = decodeLenient(call.schema)(answer.data);
    if (decoded.ok) return decoded.value;
    const where = `${method} ${path}`;
    if (!loggedDecodeFailures.has(where)) {
      loggedDecodeFailures.add(where);
      // The path only: answers may hold patient data, which never goes to a log.
      console.error(`[api] the answer to ${where} did not match its schema`);
    }
    throw malformedResponseFailure(answer.status);
  };

  const endPreAuthSession = (sent: CredentialsSnapshot): void => {
    // Only the session that got the 401 ends; a newer sign-in that started meanwhile survives.
    if (credentials.read().preAuthToken !== sent.preAuthToken) return;
    credentials.clear();
    options.onPreAuthUnauthorized?.();
  };

  const send = async (method: Method, path: string, call: CallOptions): Promise<unknown> => {
    const auth = call.auth ?? SESSION;
    const mayRefresh = auth.kind === "session" && call.refreshOnUnauthorized !== false;
    const port = refreshPort();
    let refreshedForThisCall = false;
    // After a reload only the refresh token survives: get an access token before the first call.
    if (mayRefresh && port !== undefined && credentials.phase() === "restoring") {
      if ((await port.awaitFreshToken(port.currentGeneration())) === "ended") throw sessionEndedFailure();
      refreshedForThisCall = true;
    }
    const sent = credentials.read();
    const seenGeneration = port?.currentGeneration();
    const first = await exchange(method, path, call, authorizationFor(auth, sent));
    if (first.status !== UNAUTHORIZED || auth.kind !== "session") return settle(method, path, call, first);
    if (sent.phase === "preAuthenticated") {
      endPreAuthSession(sent);
      return settle(method, path, call, first);
    }
    if (!mayRefresh || refreshedForThisCall || port === undefined || seenGeneration === undefined || sent.accessToken === null) {
      return settle(method, path, call, first);
    }
    // Signed out while this call was in flight: nothing to refresh, and no reason to reload.
    if (credentials.read().refreshToken === null) throw sessionEndedFailure();
    if ((await port.awaitFreshToken(seenGeneration)) === "ended") throw sessionEndedFailure();
    // Exactly one retry: a second 401 is settled as a failure, never another refresh.
    const retried = await exchange(method, path, call, authorizationFor(auth, credentials.read()));
    return settle(method, path, call, retried);
  };

  const encodePart = (schema: WireSchema | undefined, value: unknown, part: string, endpoint: Endpoint): unknown => {
    if (schema === undefined || value === undefined) return undefined;
    const encoded = encodeWire(schema)(value);
    if (encoded.ok) return encoded.value;
    // A value the endpoint's own schema refuses is this client's bug: the server would refuse it too.
    console.error(`[api] the ${part} of ${endpoint.method} ${endpoint.path} did not match its schema`);
    throw malformedRequestFailure();
  };

  const call = async <E extends Endpoint>(endpoint: E, request: EndpointCall<E>): Promise<AnswerOf<E>> => {
    const params = encodePart(endpoint.params, request.params, "params", endpoint) as Readonly<Record<string, unknown>> | undefined;
    const query = encodePart(endpoint.query, request.query, "query", endpoint) as Query | undefined;
    const path = fillPath(endpoint.path, params);
    return (await send(endpoint.method, path, { ...request, query, body: request.body, schema: endpoint.answer })) as AnswerOf<E>;
  };

  const raw = (path: string): RawRequest => {
    const headers: Record<string, string> = { "X-Api-Key": options.apiKey };
    const sent = credentials.read();
    const authorization = authorizationFor(SESSION, sent);
    if (authorization !== undefined) headers.Authorization = authorization;
    // The generation of the token these headers carry, so a 401 waits for a newer one and many
    // raw requests refused at once still make one refresh.
    const port = refreshPort();
    const seenGeneration = port?.currentGeneration();
    const unauthorized = async (): Promise<"refreshed" | "ended"> => {
      if (port === undefined || seenGeneration === undefined || sent.phase === "preAuthenticated" || credentials.read().refreshToken === null) return "ended";
      return port.awaitFreshToken(seenGeneration);
    };
    return { url: `${options.baseUrl}${path}`, headers, fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)), unauthorized };
  };

  return { call, raw };
};
