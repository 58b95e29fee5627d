import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import { useServices } from "../services/services-context.tsx";
import { CACHE_POLICY, queryOptionsOf } from "./cache-policy.ts";
import { useSessionUserId } from "../session/use-session.ts";

/** The cache key of the signed-in user's own record. */
export const currentUserKey = (userId: number | null) => ["users", userId, "current"] as const;

/**
 * The signed-in user's record (users/{id}/). Spec section 9 caches it indefinitely: it changes
 * only through the user's own settings, which update the cache themselves.
 */
export function useCurrentUser(): UseQueryResult<CurrentUser> {
  const { usersApi } = useServices().adapters;
  const userId = useSessionUserId();
  return useQuery({
    queryKey: currentUserKey(userId),
    queryFn: () => {
      if (userId === null) throw new Error("no signed-in user to load");
      return usersApi.getCurrentUser(userId);
    },
    enabled: userId !== null,
    ...queryOptionsOf(CACHE_POLICY.currentUser),
  });
}
