import { fromPromise } from "xstate";
import { type LockMonthInput, monthLockMachine } from "../../../machines/billing/month-lock.machine.ts";

// The month-end page's lock machine gets its effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the page passes in the call and the confirmation it owns.

/** What locking a month sends with and does once the month is locked. */
export type MonthLockDependencies = {
  /** POST rtm/months/{month}/lock/. */
  readonly lock: (month: string) => Promise<unknown>;
  readonly onLocked: (month: string) => void;
};

/** The month-lock machine on the month-close port. */
export const monthLockLogicFor = ({ lock, onLocked }: MonthLockDependencies) =>
  monthLockMachine.provide({
    actors: { lockMonth: fromPromise<unknown, LockMonthInput>(({ input }) => lock(input.month)) },
    actions: { locked: (_args, month: string) => onLocked(month) },
  });
