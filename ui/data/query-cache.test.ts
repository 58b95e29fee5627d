import { describe, expect, it } from "vitest";
import { createQueryCache } from "./query-cache.ts";
import { createQueryClient } from "./query-client.ts";

describe("the app's data cache holder", () => {
  it("clears nothing, and makes no client, before a page needs one", () => {
    const cache = createQueryCache();
    expect(() => cache.clear()).not.toThrow();
    expect(cache.current()).toBeUndefined();
  });

  it("makes the client once, on the first need, and hands out that same client after", () => {
    const cache = createQueryCache();
    let made = 0;
    const create = () => {
      made += 1;
      return createQueryClient();
    };
    const first = cache.client(create);
    expect(cache.client(create)).toBe(first);
    expect(cache.current()).toBe(first);
    expect(made).toBe(1);
  });

  it("empties the client it holds when cleared", () => {
    const cache = createQueryCache();
    const client = cache.client(createQueryClient);
    client.setQueryData(["users", 12], { first_name: "Ann" });
    cache.clear();
    expect(client.getQueryData(["users", 12])).toBeUndefined();
    expect(cache.current()).toBe(client);
  });
});
