import type { FastifyRequest } from "fastify";

// docs/security.md, "What the log holds". Patient and staff data never goes to the log: an error
// is logged by what it is (class, code, SQL state, the schema object involved, where it was
// thrown), never by its message, which may quote values (a database error quotes the value it
// refused; drizzle's error holds the whole query with its parameters). Requests are logged by
// method and path, never by query string or body.

const SQL_STATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;
const MAX_FRAMES = 15;

type Fields = Record<string, unknown>;

const stringField = (value: unknown, key: string): string | undefined => {
  const field = typeof value === "object" && value !== null ? (value as Fields)[key] : undefined;
  return typeof field === "string" ? field.slice(0, 100) : undefined;
};

// Stack frames only: the first line of a stack repeats the message.
const framesOf = (error: unknown): string =>
  error instanceof Error && error.stack !== undefined
    ? error.stack
        .split("\n")
        .filter((line) => /^\s+at /.test(line))
        .slice(0, MAX_FRAMES)
        .join("\n")
    : "";

/** Stands in for every error message in the log. */
export const MESSAGE_NOT_LOGGED = "(message not logged: it may quote personal data)";

const describeOne = (error: unknown): Fields => {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = stringField(error, "code");
  return {
    type: error.constructor.name === "Error" ? error.name : error.constructor.name,
    code: code !== undefined && !SQL_STATE.test(code) ? code : undefined,
    sqlState: code !== undefined && SQL_STATE.test(code) ? code : undefined,
    // Names from the database schema, never values.
    table: stringField(error, "table"),
    column: stringField(error, "column"),
    constraint: stringField(error, "constraint"),
    routine: stringField(error, "routine"),
  };
};

/**
 * The `err` serializer of the app's logger: an error and its causes by class, code, SQL state
 * and stack frames, without messages, query parameters or any other field that may quote data.
 */
export const redactedError = (error: unknown): Fields & { type: string; message: string; stack: string } => {
  const causes: Fields[] = [];
  let cause: unknown = error instanceof Error ? error.cause : undefined;
  while (cause !== undefined && causes.length < MAX_CAUSES) {
    causes.push(describeOne(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  const described = describeOne(error);
  // The SQL state usually sits on the driver's error, the cause of drizzle's.
  const sqlState = described.sqlState ?? causes.find((one) => one.sqlState !== undefined)?.sqlState;
  return {
    ...described,
    type: String(described.type),
    message: MESSAGE_NOT_LOGGED,
    sqlState,
    causes: causes.length === 0 ? undefined : causes,
    stack: framesOf(error),
  };
};

/** The `req` serializer: method, route and path, without the query string (searches name people). */
export const redactedRequest = (request: FastifyRequest): Fields => ({
  method: request.method,
  path: request.url.split("?")[0]?.slice(0, 300),
  route: request.routeOptions?.url,
  remoteAddress: request.ip,
});

/** The serializers every logger of the app uses; Fastify's defaults would print the URL and error messages. */
export const LOG_SERIALIZERS = { err: redactedError, req: redactedRequest } as const;
