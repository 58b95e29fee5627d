import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { lockedAttemptsText } from "./locked-attempts.ts";

describe("the words for locked attempts", () => {
  it("says the scores can't be corrected and what remains, for a wholly locked session", () => {
    expect(lockedAttemptsText(3, 3)).toBe(
      "Scores from this game can't be corrected: the game locked them. You can still read them, add notes and mark the session reviewed.",
    );
  });

  it("counts the locked attempts when only some are, with the verb agreeing", () => {
    expect(lockedAttemptsText(1, 4)).toBe("1 attempt of 4 is locked by the game: its score can't be corrected, but you can still read them, add notes and mark the session reviewed.");
    expect(lockedAttemptsText(2, 4)).toContain("2 attempts of 4 are locked by the game");
  });

  test.prop([fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 })])("says nothing without a locked attempt, and always names what remains with one", (locked, extra) => {
    const text = lockedAttemptsText(locked, locked + extra);
    if (locked === 0) expect(text).toBeNull();
    else {
      expect(text).toContain("can't be corrected");
      expect(text).toContain("add notes and mark the session reviewed");
    }
  });
});
