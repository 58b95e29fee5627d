import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { readAfresh } from "./read-afresh.ts";

// A server whose reads are answered later, each with the state it had when it was asked.
const server = () => {
  let state = "before the change";
  const pending: (() => void)[] = [];
  return {
    change: () => {
      state = "after the change";
    },
    read: () => {
      const asked = state;
      return new Promise<string>((resolve) => pending.push(() => resolve(asked)));
    },
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
  };
};

/** A page's query on its first read: the read is in flight, no data yet; the server then changes. */
const firstReadInFlight = () => {
  const world = server();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, { queryKey: ["threads"], queryFn: world.read });
  const unsubscribe = observer.subscribe(() => undefined);
  world.change();
  /** The data once every read has been answered. */
  const settled = async () => {
    for (let round = 0; round < 5; round += 1) {
      world.answerAll();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    unsubscribe();
    return observer.getCurrentResult().data;
  };
  return { client, settled };
};

describe("readAfresh", () => {
  it("asks a first read in flight again, so an answer from before the change does not stand", async () => {
    const { client, settled } = firstReadInFlight();
    await Promise.all([readAfresh(client, ["threads"]), settled()]);
    expect(await settled()).toBe("after the change");
  });

  it("is needed: an invalidation alone joins the first read and keeps its answer from before", async () => {
    const { client, settled } = firstReadInFlight();
    void client.invalidateQueries({ queryKey: ["threads"] });
    expect(await settled()).toBe("before the change");
  });
});
