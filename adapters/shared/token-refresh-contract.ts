/**
 * What the HTTP client needs from the token refresh (spec section 4): the generation of the access
 * token it is about to send, and a way to wait for a newer one. The implementation guarantees
 * that any number of concurrent waiters on one generation cause exactly one refresh call.
 */
export interface TokenRefreshPort {
  /** How many refreshes have succeeded so far; read just before a request is sent. */
  currentGeneration(): number;
  /**
   * Resolves "refreshed" once an access token newer than `seenGeneration` is stored (at once if
   * one already is), or "ended" when the refresh failed and the session is over.
   */
  awaitFreshToken(seenGeneration: number): Promise<"refreshed" | "ended">;
}
