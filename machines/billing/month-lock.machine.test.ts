import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { MonthState } from "../../domain/billing/month-close-wire.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { isConfirmationOpen, type LockMonthInput, monthLockMachine } from "./month-lock.machine.ts";

// The month-end lock: asked only for a month the domain lets be locked, sent only once confirmed,
// a refusal kept for the page, and a confirmation dismissed mid-lock still answered.
type Io = { lockMonth: { input: LockMonthInput; output: unknown } };
let fakes = createScriptedActors<Io>(["lockMonth"]);
let announced: string[] = [];

const totals = { patients: 0, billable: 0, by_status: [], by_code: [] };
const lock = { locked_at: "2026-03-02T15:00:00.000Z", locked_by: { id: 3, first_name: "Ann", last_name: "Lee" } };
const state = (over: Partial<MonthState> = {}): MonthState =>
  ({ month: "2026-02", today: "2026-03-05", ended: true, supply_kind_chosen: true, lock: null, totals, locked_copy: null, ...over }) as MonthState;
const REFUSAL = { code: "ERROR_001", message: "You do not have permission to perform this action", status: 403 };

const start = () => {
  fakes = createScriptedActors<Io>(["lockMonth"]);
  announced = [];
  return createActor(monthLockMachine.provide({ actors: fakes.actors, actions: { locked: (_args, month: string) => announced.push(month) } })).start();
};

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the month-lock machine", () => {
  it("asks only for an ended, open month, and sends nothing until confirmed", () => {
    const actor = start();
    actor.send({ type: "lock.ask", state: state({ ended: false, month: "2026-03" }) });
    actor.send({ type: "lock.ask", state: state({ lock } as Partial<MonthState>) });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "lock.ask", state: state() });
    expect(actor.getSnapshot().value).toBe("confirming");
    expect(isConfirmationOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.month).toBe("2026-02");
    actor.send({ type: "lock.cancel" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(isConfirmationOpen(actor.getSnapshot())).toBe(false);
    expect(fakes.calls.lockMonth).toEqual([]);
  });

  it("locks the month asked about once confirmed, keeps the confirmation open meanwhile, and says so", async () => {
    const actor = start();
    actor.send({ type: "lock.ask", state: state() });
    fakes.resolveNext("lockMonth", { created: true });
    actor.send({ type: "lock.confirm" });
    expect(actor.getSnapshot().matches("locking")).toBe(true);
    expect(isConfirmationOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: "lock.confirm" });
    const snapshot = await waitFor(actor, (s) => s.matches("idle"));
    expect(fakes.calls.lockMonth).toEqual([{ month: "2026-02" }]);
    expect(announced).toEqual(["2026-02"]);
    expect(snapshot.context.failure).toBeNull();
  });

  it("keeps a refusal for the page, and forgets it once a lock goes through", async () => {
    const actor = start();
    actor.send({ type: "lock.ask", state: state() });
    fakes.rejectNext("lockMonth", REFUSAL);
    actor.send({ type: "lock.confirm" });
    const refused = await waitFor(actor, (s) => s.matches("idle"));
    expect(refused.context.failure).toBe(REFUSAL);
    expect(isConfirmationOpen(refused)).toBe(false);
    expect(announced).toEqual([]);
    actor.send({ type: "lock.ask", state: state() });
    fakes.resolveNext("lockMonth", { created: true });
    actor.send({ type: "lock.confirm" });
    const locked = await waitFor(actor, (s) => s.matches("idle"));
    expect(locked.context.failure).toBeNull();
    expect(announced).toEqual(["2026-02"]);
  });

  it("hides a confirmation dismissed while the lock runs, and still answers the lock", async () => {
    const actor = start();
    actor.send({ type: "lock.ask", state: state() });
    fakes.resolveNext("lockMonth", { created: true });
    actor.send({ type: "lock.confirm" });
    actor.send({ type: "lock.cancel" });
    expect(actor.getSnapshot().matches({ locking: "hidden" })).toBe(true);
    expect(isConfirmationOpen(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches("idle"));
    expect(announced).toEqual(["2026-02"]);
  });
});
