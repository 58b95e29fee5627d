import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { GameId } from "../shared/ids.ts";
import { gamesWithdrawn, withdrawalNeedsConfirmation, withdrawalWarning } from "./offer-withdrawal.ts";

describe("taking games away from an institution (issue 31)", () => {
  test.prop([fc.uniqueArray(fc.integer({ min: 1, max: 50 })), fc.array(fc.integer({ min: 1, max: 50 }))])(
    "withdraws exactly the offered games the new set leaves out",
    (offered, wanted) => {
      const withdrawn = gamesWithdrawn(offered, wanted);
      expect(withdrawn.every((id) => offered.includes(id) && !wanted.includes(id))).toBe(true);
      expect(offered.filter((id) => !wanted.includes(id))).toEqual(withdrawn);
    },
  );

  test.prop([fc.nat(1000), fc.option(fc.nat(1000), { nil: undefined })])("asks for confirmation unless it stops nobody or the count was confirmed", (stopping, confirmed) => {
    expect(withdrawalNeedsConfirmation(stopping, confirmed)).toBe(stopping > 0 && confirmed !== stopping);
  });

  it("refuses an empty set sent without confirmation while patients are exercising", () => {
    expect(withdrawalNeedsConfirmation(12, undefined)).toBe(true);
    expect(withdrawalNeedsConfirmation(12, 11)).toBe(true);
    expect(withdrawalNeedsConfirmation(12, 12)).toBe(false);
    expect(withdrawalNeedsConfirmation(0, undefined)).toBe(false);
  });

  it("names the games that stop someone's exercises and counts the patients once", () => {
    const game = (id: number, name: string, patients: number) => ({ id: GameId.make(id), name, patients });
    expect(withdrawalWarning({ games: [game(1, "Naming", 3)], patients: 3 })).toBe("Removing Naming stops exercises for 3 patients.");
    expect(withdrawalWarning({ games: [game(1, "Naming", 1), game(2, "Parrot", 0)], patients: 1 })).toBe("Removing Naming stops exercises for 1 patient.");
    expect(withdrawalWarning({ games: [game(1, "Naming", 2), game(2, "Parrot", 2), game(3, "Memory grid", 1)], patients: 3 })).toBe(
      "Removing Naming, Parrot and Memory grid stops exercises for 3 patients.",
    );
    expect(withdrawalWarning({ games: [game(2, "Parrot", 0)], patients: 0 })).toBeNull();
  });
});
