import { describe, expect, test } from "vitest";
import { GAME_TYPE, GAME_TYPES, gameTypeName, isGameType } from "./game-type.ts";

describe("game types", () => {
  test("there are exactly the eight exercise types of the spec", () => {
    expect([...GAME_TYPES].sort()).toEqual(
      ["chitchat_ai", "medication_management", "memory_grid", "naming", "parrot", "pill_sorting", "social_situations", "verbal_fluency"],
    );
  });

  test("each type has its display name", () => {
    expect(gameTypeName(GAME_TYPE.chitchatAi)).toBe("AI chit-chat");
    expect(gameTypeName(GAME_TYPE.memoryGrid)).toBe("Memory grid");
    expect(gameTypeName(GAME_TYPE.medicationManagement)).toBe("Medication management");
    expect(gameTypeName(GAME_TYPE.pillSorting)).toBe("Pill sorting");
  });

  test("unknown names are not game types", () => {
    expect(isGameType("naming")).toBe(true);
    expect(isGameType("Naming")).toBe(false);
    expect(isGameType("chess")).toBe(false);
    expect(isGameType(undefined)).toBe(false);
  });
});
