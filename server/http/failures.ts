import { type ApiFailure, apiFailure } from "./api-failure.ts";

/** The body limit of every call: large enough for any form, small enough to refuse floods early. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The failures the HTTP layer itself answers, in one place so docs/server.md and the tests can
 * name them. ERROR_001 is the catalogue's generic code: the client shows "An error occurred".
 */
export const failures = {
  missingApiKey: (): ApiFailure => apiFailure(401, "ERROR_001", "missing or wrong X-Api-Key header"),
  notAuthenticated: (): ApiFailure => apiFailure(401, "ERROR_001", "authentication credentials were not provided"),
  forbidden: (resource: string, action: string): ApiFailure =>
    action === "create"
      ? apiFailure(403, "ERROR_075", `role may not ${action} ${resource}`)
      : apiFailure(403, "ERROR_001", `role may not ${action} ${resource}`),
  routeNotFound: (method: string, pathname: string): ApiFailure =>
    apiFailure(404, "ERROR_030", `no route for ${method} ${truncate(pathname, 200)}`, { placeholders: { field_name: "resource" } }),
  notFound: (what: string): ApiFailure =>
    apiFailure(404, "ERROR_030", `${what} not found`, { placeholders: { field_name: what } }),
  malformedJson: (): ApiFailure => apiFailure(400, "ERROR_001", "request body is not valid JSON"),
  unsupportedContentType: (): ApiFailure =>
    apiFailure(400, "ERROR_001", "request body is not application/json"),
  malformedRequest: (reason: string): ApiFailure => apiFailure(400, "ERROR_001", reason),
  headersTooLarge: (): ApiFailure => apiFailure(431, "ERROR_001", "request line or headers are larger than the server reads"),
  expectationFailed: (): ApiFailure => apiFailure(417, "ERROR_001", "the Expect header asks for something the server does not do"),
  requestTimeout: (): ApiFailure => apiFailure(408, "ERROR_001", "the request did not arrive in time"),
  bodyTooLarge: (): ApiFailure => apiFailure(413, "ERROR_045", `request body is larger than ${BODY_LIMIT_BYTES} bytes`),
  rateLimited: (retryAfterSeconds: number): ApiFailure =>
    apiFailure(429, "ERROR_012", `rate limit reached; retry after ${retryAfterSeconds} s`),
  databaseUnavailable: (): ApiFailure => apiFailure(503, "ERROR_001", "the database is not answering"),
  unexpected: (): ApiFailure => apiFailure(500, "ERROR_001", "unexpected error (logged with its stack)"),
} as const;

export const truncate = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}…`);
