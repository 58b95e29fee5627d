import type { ApiClient } from "./api-client.ts";

/**
 * One API object per client, made on first use. Calls that only signed-in pages make are reached
 * through this instead of createAdapters, so their wire schemas travel in the lazy signed-in
 * chunk and sign-in never downloads them (docs/session.md, "Bundle").
 */
export const perClient = <Api>(create: (client: ApiClient) => Api): ((client: ApiClient) => Api) => {
  const made = new WeakMap<ApiClient, Api>();
  return (client) => {
    const existing = made.get(client);
    if (existing !== undefined) return existing;
    const api = create(client);
    made.set(client, api);
    return api;
  };
};
