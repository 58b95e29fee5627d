import type { FastifyReply } from "fastify";
import { type ErrorCode, type Placeholders, catalogueMessage } from "../../domain/shared/error-catalogue.ts";
import { type Failure, fail } from "../../domain/shared/result.ts";
import { toErrorBody } from "../../domain/shared/wire/error-body.ts";

/**
 * An expected failure of an API call: the HTTP status, the domain failure the client shows (a
 * catalogue code, its message and the field it belongs to) and a reason for the server log.
 * The reason is never sent: bodies carry no stack, SQL or other internals.
 */
export type ApiFailure = {
  readonly status: number;
  readonly failure: Failure;
  readonly reason: string;
};

export const apiFailure = (
  status: number,
  code: ErrorCode,
  reason: string,
  extra: { readonly field?: string; readonly placeholders?: Placeholders } = {},
): ApiFailure => ({
  status,
  failure: fail(code, catalogueMessage(code, extra.placeholders), extra),
  reason,
});

/** A failure a domain rule or decoder returned, answered with the given status. */
export const fromDomainFailure = (status: number, failure: Failure, reason: string): ApiFailure => ({
  status,
  failure,
  reason,
});

/**
 * Answers with the catalogue body of spec section 8 ({ code, message, detail, id }, shaped by
 * domain/shared/wire/error-body.ts) and logs the reason under the same request id.
 */
export const replyWithFailure = (reply: FastifyReply, failure: ApiFailure): FastifyReply => {
  reply.request.log.info({ status: failure.status, code: failure.failure.code, reason: failure.reason }, "request failed");
  return reply
    .code(failure.status)
    .type("application/json; charset=utf-8")
    .send(toErrorBody(failure.failure, reply.request.id));
};
