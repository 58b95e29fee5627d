import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { ERROR_CODES, type ErrorCode } from "../../domain/shared/error-catalogue.ts";

/**
 * Whose data a route reaches once its access rule let the caller in (docs/api.md, "Tenant scope"):
 * - `none`: no tenant data (health, media, exercise content, the sign-in steps, the dev outbox);
 * - `caller`: only the caller's own account (their user record, Settings, the pre-auth steps);
 * - `own-record`: a record named in the path that must be the caller's own; another id is 403
 *   whether or not it exists, so ids cannot be probed;
 * - `own-institution`: the administrators' view of one institution: the super administrator any,
 *   institution and staff administrators their own (another is 403), an SLP none (403: their
 *   slice is their assigned patients, not the institution);
 * - `assigned-patients`: patients: an SLP those assigned to them, administrators their
 *   institution's, the super administrator none (403: no patient data above institutions).
 * - `institution-member`: one institution named in the path, for everyone who works there: the
 *   super administrator any, every other role their own (another is 403, like `own-institution`).
 * - `institution-records`: a record an institution owns (an exercise template; none: the
 *   platform's): the super administrator any, institution and staff administrators their
 *   institution's and the platform's, another institution's or an unknown id 404, an SLP 403.
 * - `institution-admin`: one institution named in the path, for its own institution administrators
 *   only (its clinical policy, e.g. the progress-report rule): everyone else 403, the super
 *   administrator included.
 * The access matrix (tests/security/access-matrix.int.test.ts) derives every expected answer
 * from this and the access rule, so a scope here is a promise that test holds the route to.
 */
export const TENANT_SCOPES = ["none", "caller", "own-record", "own-institution", "assigned-patients", "institution-member", "institution-records", "institution-admin"] as const;
export type TenantScope = (typeof TENANT_SCOPES)[number];

/** HTTP status -> the catalogue codes a route answers with it. */
export type RouteErrors = Readonly<Partial<Record<400 | 401 | 403 | 404 | 409 | 412 | 429 | 502 | 503, readonly ErrorCode[]>>>;

/** What a route says of itself beside its access rule and decoders: read by the OpenAPI document and the access matrix. */
export type RouteDoc = {
  /** One line for the API reference. */
  readonly summary: string;
  readonly scope: TenantScope;
  /**
   * The catalogue codes this route's own rules answer, by HTTP status, e.g. `{ 400: ["ERROR_019"] }`.
   * What every route of its kind answers is added by the API reference itself: 400 for a request
   * its decoders refuse, 401 and 403 from its access rule, 429 from its rate limit, 413.
   */
  readonly errors: RouteErrors;
  /** The success body (omitted for 204 answers and non-JSON bodies). */
  readonly response?: Schema.Top;
  /** The success status when it is not 200 (204 for empty answers, 201 for creations). */
  readonly status?: 200 | 201 | 204;
  /** Media type of a non-JSON success body (audio, images, HTML). */
  readonly produces?: string;
  /**
   * The success answer is one versioned record and carries its version as `ETag: "<n>"`
   * (docs/api.md, "Versions and concurrent edits"). A route that also declares 412 takes If-Match.
   */
  readonly etag?: true;
};

declare module "fastify" {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

const RouteDocSchema = Schema.Struct({
  summary: Schema.NonEmptyString,
  scope: Schema.Literals(TENANT_SCOPES),
  errors: Schema.Record(Schema.String, Schema.Array(Schema.Literals(ERROR_CODES))),
  response: Schema.optionalKey(Schema.Any),
  status: Schema.optionalKey(Schema.Literals([200, 201, 204])),
  produces: Schema.optionalKey(Schema.NonEmptyString),
  etag: Schema.optionalKey(Schema.Literal(true)),
});
const decodeDoc = Schema.decodeUnknownResult(RouteDocSchema, { onExcessProperty: "error" });

/** A route's doc is valid when it has a summary, a known scope and only catalogue codes. */
export const isRouteDoc = (value: unknown): value is RouteDoc => Result.isSuccess(decodeDoc(value));
