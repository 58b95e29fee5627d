/**
 * The server's only source of "now". Routes, the outbox, the audit trail and token expiry read
 * time from here so tests can freeze or advance it instead of sleeping.
 */
export type Clock = { readonly now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export type ManualClock = Clock & {
  /** Moves time forward by a number of milliseconds (never backwards: time in tests only advances). */
  readonly advance: (milliseconds: number) => void;
  readonly set: (instant: Date) => void;
};

/** A clock that stands still until the test moves it. */
export const manualClock = (start: Date): ManualClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      if (milliseconds < 0) throw new RangeError("a manual clock only moves forward");
      current += milliseconds;
    },
    set: (instant) => {
      current = instant.getTime();
    },
  };
};
