import type * as Schema from "effect/Schema";
import type { FieldCodes } from "./decode.ts";

/** The HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A schema a request part or an answer is decoded and encoded with (no services needed). */
export type WireSchema = Schema.Codec<unknown, unknown, never, never>;

/**
 * One API call, declared once (spec section 7; DESIGN.md, "Features across the layers"): its
 * method, its path under /api/ with `:name` segments, and the schemas of its route params, query,
 * JSON body and answer. The server's route (server/http/endpoint-route.ts) and the adapter's call
 * (adapters/shared/api-client.ts, `call`) are both derived from it, so a path or a schema that
 * differs between client and server cannot be written.
 */
export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly params?: WireSchema;
  readonly query?: WireSchema;
  readonly body?: WireSchema;
  /** The catalogue codes the body's fields fail with instead of ERROR_056 (e.g. ERROR_019 for an OTP). */
  readonly bodyCodes?: FieldCodes;
  /** The JSON answer; none: the call answers 204 or a body the client does not read. */
  readonly answer?: WireSchema;
  /** The server also answers at the path without its trailing slash (as the spec writes some paths); the client always adds it. */
  readonly slashOptional?: true;
};

/** Declares an endpoint; the literal types are kept so a call's params, query, body and answer are typed. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type TypeOf<S> = S extends WireSchema ? S["Type"] : undefined;
type EncodedOf<S> = S extends WireSchema ? S["Encoded"] : undefined;

/** What the route params hold once decoded (ids as numbers). */
export type ParamsOf<E extends Endpoint> = TypeOf<E["params"]>;
/** What the query holds once decoded. */
export type QueryOf<E extends Endpoint> = TypeOf<E["query"]>;
/** The body as the server reads it once decoded. */
export type BodyOf<E extends Endpoint> = TypeOf<E["body"]>;
/** The body as it is sent: its wire form (the client sends what the person typed; the server decides). */
export type SentBodyOf<E extends Endpoint> = EncodedOf<E["body"]>;
/** The decoded answer; undefined for a call without a JSON answer. */
export type AnswerOf<E extends Endpoint> = TypeOf<E["answer"]>;

/** The decoded request of an endpoint, as a handler receives it. */
export type RequestOf<E extends Endpoint> = {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
};

const SEGMENT = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of an endpoint path's `:name` segments, in order. */
export const pathParamNames = (path: string): ReadonlyArray<string> => [...path.matchAll(SEGMENT)].map((match) => match[1] ?? "");

/**
 * The endpoint's path with its `:name` segments filled from already encoded params (each value
 * URL-encoded, so an id can never add a segment); a missing value is an empty segment, which the
 * server's route does not match.
 */
export const fillPath = (path: string, encodedParams: Readonly<Record<string, unknown>> | undefined): string =>
  path.replace(SEGMENT, (_, name: string) => {
    const value = encodedParams?.[name];
    return value === undefined || value === null ? "" : encodeURIComponent(String(value));
  });
