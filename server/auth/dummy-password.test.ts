import { describe, expect, it } from "vitest";
import { dummyPasswordHash } from "./dummy-password.ts";

describe("the dummy password hash", () => {
  // Its cost must be the real accounts' cost, or an unknown address would answer faster or slower.
  it("is made at the cost it is asked for, once per cost", async () => {
    const test = await dummyPasswordHash("test");
    expect(test).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await dummyPasswordHash("test")).toBe(test);
  });
});
