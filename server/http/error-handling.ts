import type { FastifyError, FastifyInstance } from "fastify";
import { type ApiFailure, replyWithFailure } from "./api-failure.ts";
import { failures } from "./failures.ts";

const RETRY_AFTER_FALLBACK_SECONDS = 60;

/** Maps what Fastify and its plugins throw for bad input to catalogued failures; anything else is unexpected. */
export const failureForError = (error: FastifyError): ApiFailure | undefined => {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return failures.malformedJson();
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return failures.malformedRequest("empty body with Content-Type application/json");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return failures.unsupportedContentType();
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return failures.bodyTooLarge();
    default:
      break;
  }
  if (error.statusCode === 429) {
    const retryAfter = Number("retryAfterSeconds" in error ? error.retryAfterSeconds : Number.NaN);
    return failures.rateLimited(Number.isFinite(retryAfter) ? retryAfter : RETRY_AFTER_FALLBACK_SECONDS);
  }
  // The JSON parser reports prototype-poisoning attempts and syntax errors as plain 400s.
  if (error instanceof SyntaxError || (error.statusCode === 400 && error.code === undefined)) return failures.malformedJson();
  if (typeof error.code === "string" && error.code.startsWith("FST_ERR") && (error.statusCode ?? 500) < 500) {
    return failures.malformedRequest(error.code);
  }
  return undefined;
};

/**
 * Every failure leaves as a catalogue body. Expected ones keep their status; anything else is a
 * 500 ERROR_001 whose stack goes to the log only, under the request id the body carries.
 */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = failureForError(error);
    if (known !== undefined) return replyWithFailure(reply, known);
    request.log.error({ err: error }, "unexpected error");
    return replyWithFailure(reply, failures.unexpected());
  });
};
