import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./next-task.ts";

// ui/main.tsx splits the app's start at these points; if nextTask resolved in the same task (a
// microtask), the start would be one long task again and nothing else would notice.
describe("nextTask", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("without scheduler.yield, resolves in a later task: a timer set before it runs first", async () => {
    vi.stubGlobal("scheduler", undefined);
    const order: string[] = [];
    setTimeout(() => order.push("earlier timer"), 0);
    queueMicrotask(() => order.push("microtask"));
    await nextTask();
    order.push("after nextTask");
    expect(order).toEqual(["microtask", "earlier timer", "after nextTask"]);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
