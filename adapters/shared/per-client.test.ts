import { describe, expect, it } from "vitest";
import type { ApiClient } from "./api-client.ts";
import { perClient } from "./per-client.ts";

// Only the identity of the client matters here, so plain objects stand in for it.
const fakeClient = (): ApiClient => ({}) as unknown as ApiClient;

describe("perClient", () => {
  it("makes one API per client, on first use, and a separate one for another client", () => {
    const made: ApiClient[] = [];
    const apiOf = perClient((client) => {
      made.push(client);
      return { client };
    });
    const first = fakeClient();
    const second = fakeClient();
    expect(made).toEqual([]);
    const a = apiOf(first);
    expect(apiOf(first)).toBe(a);
    const b = apiOf(second);
    expect(b).not.toBe(a);
    expect(b.client).toBe(second);
    expect(made).toEqual([first, second]);
  });
});
