import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The record-edit machine's `load` (a save met a newer version): reads the record as stored now and
 * puts it in the page's cache, so the page behind the conflict panel shows it too.
 */
export const readStoredRecord =
  <R extends { readonly id: I }, I>(client: QueryClient, read: (id: I) => Promise<R>, keyOf: (id: I) => QueryKey) =>
  async ({ record }: { readonly record: R }): Promise<R> => {
    const current = await read(record.id);
    client.setQueryData(keyOf(current.id), current);
    return current;
  };
