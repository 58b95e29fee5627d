import { randomUUID } from "node:crypto";
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { toErrorBody } from "../../domain/shared/wire/error-body.ts";
import type { ApiFailure } from "./api-failure.ts";
import { failures } from "./failures.ts";

/** What Node's HTTP parser reports for a request it could not read (its `clientError` event). */
type ClientError = Error & { readonly code?: string };

/** The failure for a request Node's parser refused: headers or URL too large, too slow, or malformed. */
export const failureForClientError = (error: ClientError): ApiFailure => {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return failures.headersTooLarge();
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return failures.requestTimeout();
    default:
      return failures.malformedRequest(`unreadable HTTP request (${String(error.code ?? "unknown")})`);
  }
};

/**
 * Fastify's `clientErrorHandler`: Node answers these before Fastify sees a request, so there is
 * no reply to use. The answer is written on the socket by hand, with the catalogue body and a
 * request id of its own that the log line carries too. The log gets the parser's error code only:
 * the error's rawPacket holds the request's bytes (URL, headers), which may hold personal data.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const failure = failureForClientError(error);
  const id = randomUUID();
  this.log.info({ reqId: id, status: failure.status, code: failure.failure.code, parserCode: error.code, reason: failure.reason }, "request refused by the HTTP parser");
  if (socket.writable) {
    const body = JSON.stringify(toErrorBody(failure.failure, id));
    socket.write(
      [
        `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? "Error"}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  socket.destroy();
}

/**
 * Node answers an `Expect` header other than 100-continue with its own empty 417 unless someone
 * listens for `checkExpectation`; this listener gives that answer the catalogue body as well.
 */
export const installExpectationAnswer = (app: FastifyInstance): void => {
  app.server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    const failure = failures.expectationFailed();
    const id = randomUUID();
    app.log.info({ reqId: id, status: failure.status, code: failure.failure.code, reason: failure.reason }, "request refused by the HTTP server");
    const body = JSON.stringify(toErrorBody(failure.failure, id));
    response.writeHead(failure.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      connection: "close",
    });
    response.end(body);
    request.resume();
  });
};
