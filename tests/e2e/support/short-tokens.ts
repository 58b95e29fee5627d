/**
 * The access-token lifetime of the second test server (project `chromium-short-tokens`), passed
 * to the server as ACCESS_TOKEN_TTL_SECONDS so token-refresh.spec.ts can watch a token expire.
 */
export const SHORT_ACCESS_TOKEN_TTL_SECONDS = 5;
