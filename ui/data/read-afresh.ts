import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Reads the queries under `queryKey` again because something changed on the server after they were
 * asked. `invalidateQueries` alone restarts a refetch in flight but joins a first read in flight
 * (a query with no data yet): that read may have been answered before the change, and its answer
 * would then stand (the chat's CI flow: a patient's new thread missing from a list read as it was
 * made). A read in flight is cancelled first, so every query is asked after the change.
 */
export const readAfresh = async (queryClient: QueryClient, queryKey: QueryKey): Promise<void> => {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
};
