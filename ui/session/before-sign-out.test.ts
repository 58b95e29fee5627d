import { afterEach, describe, expect, it, vi } from "vitest";
import { onBeforeSignOut, runBeforeSignOut } from "./before-sign-out.ts";

// The work a sign-out runs while the session still holds its token: each task once, all at once,
// and never a sign-out held up by a task that hangs or fails.
const removals: Array<() => void> = [];
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
  vi.useRealTimers();
});

describe("work before a sign-out", () => {
  it("runs each task once however often it was added, and waits for it", async () => {
    const done: string[] = [];
    const task = async () => {
      await Promise.resolve();
      done.push("saved");
    };
    removals.push(onBeforeSignOut(task), onBeforeSignOut(task));
    await runBeforeSignOut();
    expect(done).toEqual(["saved"]);
  });

  it("goes on at the limit when a task hangs, and past a task that fails", async () => {
    vi.useFakeTimers();
    const finished = vi.fn();
    removals.push(
      onBeforeSignOut(() => new Promise<void>(() => undefined)),
      onBeforeSignOut(() => Promise.reject(new Error("offline"))),
    );
    const run = runBeforeSignOut(5_000).then(finished);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(finished).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(finished).toHaveBeenCalledOnce();
  });

  it("a removed task is not run", async () => {
    const task = vi.fn(async () => undefined);
    onBeforeSignOut(task)();
    await runBeforeSignOut();
    expect(task).not.toHaveBeenCalled();
  });
});
