import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { useSessionUserId } from "../../session/use-session.ts";
import { currentUserKey } from "../../data/use-current-user.ts";

/**
 * Puts the record an account change answered into the current-user cache: the record is cached
 * indefinitely (spec section 9), so the settings are what keep it true.
 */
export function useReplaceCurrentUser(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const userId = useSessionUserId();
  return useCallback((user: CurrentUser) => queryClient.setQueryData(currentUserKey(userId), user), [queryClient, userId]);
}
