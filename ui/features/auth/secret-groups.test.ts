import { describe, expect, it } from "vitest";
import { secretGroups } from "./secret-groups.ts";

describe("secretGroups", () => {
  it("groups an authenticator key in fours", () => {
    expect(secretGroups("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });

  it("leaves a short last group and drops base32 padding", () => {
    expect(secretGroups("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    expect(secretGroups("ABCDEFGH======")).toBe("ABCD EFGH");
  });

  it("keeps every character of the key, in order", () => {
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(secretGroups(secret).replaceAll(" ", "")).toBe(secret);
  });
});
