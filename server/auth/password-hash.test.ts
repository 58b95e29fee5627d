import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash.ts";

const PASSWORD = "Correct-Horse-Battery-42";

// The one place the production cost is paid on purpose: every other suite hashes at the test cost.
describe("password hashing", () => {
  it("hashes at the production cost with OWASP's argon2id profile (19 MiB, 2 passes, 1 lane), and verifies", async () => {
    const stored = await hashPassword(PASSWORD, "production");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, PASSWORD)).toBe(true);
    expect(await verifyPassword(stored, "Not-The-Password-1")).toBe(false);
  });

  it("hashes at the test cost with its own argon2id parameters, still a hash sign-in verifies", async () => {
    const stored = await hashPassword(PASSWORD, "test");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, PASSWORD)).toBe(true);
    expect(await verifyPassword(stored, "Not-The-Password-1")).toBe(false);
  });

  it("salts every hash afresh", async () => {
    expect(await hashPassword(PASSWORD, "test")).not.toBe(await hashPassword(PASSWORD, "test"));
  });

  it.each(["", "not a hash", "$argon2id$v=19$m=1024,t=1,p=1$broken"])("treats a malformed stored hash (%j) as a mismatch", async (stored) => {
    expect(await verifyPassword(stored, PASSWORD)).toBe(false);
  });
});
