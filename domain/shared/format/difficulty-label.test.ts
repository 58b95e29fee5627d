import { describe, expect, test } from "vitest";
import { difficultyLabel } from "./difficulty-label.ts";

describe("difficultyLabel", () => {
  test("each level has its spoken label", () => {
    expect(difficultyLabel("easy")).toBe("Easy level");
    expect(difficultyLabel("medium")).toBe("Medium level");
    expect(difficultyLabel("hard")).toBe("Hard level");
  });
});
