import * as Schema from "effect/Schema";
import { catalogueMessage, ERROR_CODES, type ErrorCode } from "../../domain/shared/error-catalogue.ts";
import { failureFromResponse } from "../../domain/shared/wire/error-body.ts";

/**
 * How every failed call rejects: a catalogue code, the message to show, the HTTP status (0 when
 * no server answered) and, when the failure belongs to one input, that field's dotted path.
 */
export type ApiFailure = {
  readonly code: ErrorCode;
  readonly message: string;
  readonly status: number;
  readonly field?: string;
};

const ApiFailureShape = Schema.Struct({
  code: Schema.Literals(ERROR_CODES),
  message: Schema.String,
  status: Schema.Number,
  field: Schema.optionalKey(Schema.String),
});

/** Whether a caught value is an ApiFailure (catch clauses only ever see unknown). */
export const isApiFailure = Schema.is(ApiFailureShape);

/** No answer at all (offline, DNS, refused connection): say so rather than blame the user. */
export const NETWORK_FAILURE_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** The session could not be renewed: the person has to sign in again. */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

const make = (code: ErrorCode, message: string, status: number, field?: string): ApiFailure =>
  Object.freeze(field === undefined ? { code, message, status } : { code, message, status, field });

/** A server's failure answer, read by the catalogue rules (429 is ERROR_012, unknown codes ERROR_001, message cleaned). */
export const failureFromHttp = (status: number, body: unknown): ApiFailure => {
  const failure = failureFromResponse(status, body);
  return make(failure.code, failure.message, status, failure.field);
};

/** The request never got an answer. */
export const networkFailure = (): ApiFailure => make("ERROR_001", NETWORK_FAILURE_MESSAGE, 0);

/** The answer arrived but is not what the call promises: shown as the generic error. */
export const malformedResponseFailure = (status: number): ApiFailure =>
  make("ERROR_001", catalogueMessage("ERROR_001"), status);

/** A request the endpoint's own schema refuses was never sent (status 0: no server saw it); shown as the generic error. */
export const malformedRequestFailure = (): ApiFailure => make("ERROR_001", catalogueMessage("ERROR_001"), 0);

/** A 401 the token refresh could not cure. */
export const sessionEndedFailure = (): ApiFailure => make("ERROR_001", SESSION_ENDED_MESSAGE, 401);
