import { useEffect } from "react";
import { useServices } from "../../app/services-context.tsx";

/**
 * Starts the token refresh of a restored session (a reload keeps only the refresh token). The
 * refresh machine runs one refresh however often this is asked; a failure clears the credentials
 * and reloads the page, which then lands on sign-in.
 */
export function useRestoreSession(): void {
  const { tokenRefresh } = useServices().adapters;
  useEffect(() => {
    void tokenRefresh.awaitFreshToken(tokenRefresh.currentGeneration());
  }, [tokenRefresh]);
}
