import { randomBytes } from "node:crypto";
import { hashPassword } from "./password-hash.ts";
import type { PasswordHashCost } from "./password-hash-cost.ts";

// One per cost, made once: every app in a process with the same cost shares it.
const dummies = new Map<PasswordHashCost, Promise<string>>();

/**
 * A hash of a random password nobody knows, at the cost the server hashes real passwords with.
 * Sign-in checks unknown addresses (and accounts without a password) against it, so they cost the
 * same argon2 time as a wrong password and the answer's timing does not tell which addresses have
 * accounts.
 */
export const dummyPasswordHash = (cost: PasswordHashCost): Promise<string> => {
  const known = dummies.get(cost);
  if (known !== undefined) return known;
  const made = hashPassword(randomBytes(32).toString("base64url"), cost);
  dummies.set(cost, made);
  return made;
};
