import { LogController } from "fastify";

/**
 * One log line per request, when its answer has gone out, with the request's method, route and
 * path (the redacting `req` serializer: no query string), the status and the time taken. Fastify's
 * own controller writes two, "incoming request" and "request completed", each a serialisation and,
 * to a file or a pipe, a write of its own: half the logging of every request, measured in its
 * per-request cost (issue 36, docs/server.md "Per-request cost"). Every other line Fastify writes
 * (errors, a stream cut short, a refused request while closing) is unchanged.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // Logged with the answer instead, in requestCompleted.
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
