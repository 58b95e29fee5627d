import { describe, expect, it } from "vitest";
import { profileFieldOf } from "./profile-failure-field.ts";

describe("profileFieldOf", () => {
  it("puts a refusal on the server's field, phone codes on the phone, others in the alert", () => {
    expect(profileFieldOf({ code: "ERROR_004", message: "too short", status: 400, field: "last_name" })).toBe("last_name");
    expect(profileFieldOf({ code: "ERROR_021", message: "exists", status: 400 })).toBe("phone");
    expect(profileFieldOf({ code: "ERROR_002", message: "bad", status: 400 })).toBe("phone");
    expect(profileFieldOf({ code: "ERROR_001", message: "An error occurred", status: 500 })).toBeNull();
    expect(profileFieldOf(new Error("boom"))).toBeNull();
  });
});
