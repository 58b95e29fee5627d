import { describe, expect, it } from "vitest";
import { changedFields } from "./audit-changes.ts";

describe("changedFields", () => {
  it("lists only the fields that moved, old and new", () => {
    expect(changedFields({ firstName: "Ada", lastName: "Lovelace", cityId: 3 }, { firstName: "Ada", lastName: "Byron", cityId: null })).toEqual({
      lastName: { from: "Lovelace", to: "Byron" },
      cityId: { from: 3, to: null },
    });
  });

  it("is null when nothing changed", () => {
    expect(changedFields({ a: 1, b: new Date("2026-01-01T00:00:00Z") }, { a: 1, b: new Date("2026-01-01T00:00:00Z") })).toBeNull();
  });

  it("keeps instants as ISO text", () => {
    expect(changedFields({ at: new Date("2026-01-01T00:00:00Z") }, { at: new Date("2026-01-02T00:00:00Z") })).toEqual({
      at: { from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" },
    });
  });

  it("never keeps a secret, whatever its name's case", () => {
    const changes = changedFields({ passwordHash: "a", totpSecret: "b", resetToken: "c", email: "x@a.test" }, { passwordHash: "z", totpSecret: "y", resetToken: "w", email: "y@a.test" });
    expect(changes).toEqual({ email: { from: "x@a.test", to: "y@a.test" } });
  });
});
