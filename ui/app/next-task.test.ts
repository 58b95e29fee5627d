import { describe, expect, it } from "vitest";
import { nextTask } from "./next-task.ts";

// ui/main.tsx splits the app's start at these points; if nextTask resolved in the same task (a
// microtask), the start would be one long task again and nothing else would notice.
describe("nextTask", () => {
  it("resolves in a later task: a timer set before it runs first, a microtask before that", async () => {
    const order: string[] = [];
    setTimeout(() => order.push("earlier timer"), 0);
    queueMicrotask(() => order.push("microtask"));
    await nextTask();
    order.push("after nextTask");
    expect(order).toEqual(["microtask", "earlier timer", "after nextTask"]);
  });
});
