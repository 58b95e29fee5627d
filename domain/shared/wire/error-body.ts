import * as Schema from "effect/Schema";
import {
  catalogueMessage,
  cleanServerMessage,
  codeForResponse,
  type ErrorCode,
} from "../error-catalogue.ts";
import { fail, type Failure } from "../result.ts";
import { decodeLenient } from "./decode.ts";

/** Where a failure belongs, when it belongs to one input: the dotted field path of the request. */
export const ErrorDetail = Schema.Struct({
  field: Schema.optionalKey(Schema.String),
});
export type ErrorDetail = typeof ErrorDetail.Type;

/**
 * The body of every failed call (spec section 8): the catalogue code, the message to show, where
 * the failure belongs (or null), and the request id a support person can find in the server log.
 * `code` is any string on the wire because a client must survive codes it does not know yet
 * (they read as ERROR_001).
 */
export const ErrorBody = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  detail: Schema.NullOr(ErrorDetail),
  id: Schema.String,
});
export type ErrorBody = typeof ErrorBody.Type;

/** The server's answer for an expected failure, tagged with the request id that produced it. */
export const toErrorBody = (failure: Failure, requestId: string): ErrorBody => ({
  code: failure.code,
  message: failure.message,
  detail: failure.field === undefined ? null : { field: failure.field },
  id: requestId,
});

/**
 * What the client shows for a failed call: HTTP 429 is always ERROR_012, an unknown or missing
 * code is ERROR_001, and the server's message is cleaned for display (or the catalogue's, if the
 * body is not an error body at all).
 */
export const failureFromResponse = (httpStatus: number, body: unknown): Failure => {
  const decoded = decodeLenient(ErrorBody)(body);
  const code: ErrorCode = codeForResponse(httpStatus, decoded.ok ? decoded.value.code : undefined);
  if (!decoded.ok || code !== decoded.value.code) return fail(code, catalogueMessage(code));
  const cleaned = cleanServerMessage(decoded.value.message);
  const message = cleaned === "" ? catalogueMessage(code) : cleaned;
  const field = decoded.value.detail?.field;
  return field === undefined ? fail(code, message) : fail(code, message, { field });
};
