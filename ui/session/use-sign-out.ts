import { useCallback } from "react";
import { useLocation } from "wouter";
import { signOut } from "../../adapters/shared/session/sign-out.ts";
import { useServices } from "../services/services-context.tsx";
import { runBeforeSignOut } from "./before-sign-out.ts";

/**
 * Sign-out (spec section 4) with the app's adapters: first the work that needs the session
 * (before-sign-out.ts: the work timer's minutes), then revoke on the server, clear the credentials,
 * both storages and the data cache, then sign-in. The application guard already redirects the
 * moment the credentials are cleared; the last navigation replaces the entry, so Back cannot
 * return to a page that would only bounce to sign-in again.
 */
export function useSignOut(): () => Promise<void> {
  const { adapters, queryCache, storage } = useServices();
  const [, navigate] = useLocation();
  return useCallback(
    async () => {
      await runBeforeSignOut();
      return signOut({
        api: adapters.authApi,
        credentials: adapters.credentials,
        storage,
        clearCache: () => queryCache.clear(),
        navigate: (path) => navigate(path, { replace: true }),
      });
    },
    [adapters, queryCache, storage, navigate],
  );
}
