import { describe, expect, it } from "vitest";
import { reviewBadgeTone, reviewStatusOf } from "./review-status.ts";

describe("review status", () => {
  it("reads the reviewed flag", () => {
    expect(reviewStatusOf(true)).toBe("reviewed");
    expect(reviewStatusOf(false)).toBe("pending");
  });

  it("gives reviewed a success badge, pending an info badge, anything else neutral", () => {
    expect(reviewBadgeTone("reviewed")).toBe("success");
    expect(reviewBadgeTone("pending")).toBe("info");
    expect(reviewBadgeTone("late")).toBe("neutral");
  });
});
