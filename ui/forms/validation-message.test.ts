import { describe, expect, it } from "vitest";
import { validatePasswordDiffers, validatePasswordLength } from "../../domain/shared/validators/password.ts";
import { validationMessage } from "./validation-message.ts";

describe("validationMessage", () => {
  it("is null when every check passes", () => {
    expect(validationMessage(validatePasswordLength("long enough"), validatePasswordDiffers("a", "b"))).toBeNull();
  });

  it("gives the first failing check's catalogue message", () => {
    expect(validationMessage(validatePasswordLength("short"), validatePasswordDiffers("same", "same"))).toBe(
      "The password must be at least 8 characters long",
    );
    expect(validationMessage(validatePasswordLength("long enough"), validatePasswordDiffers("x", "x"))).toBe(
      "The new password cannot be the same as the old password",
    );
  });
});
