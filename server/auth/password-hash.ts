import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_HASH_COSTS, type PasswordHashCost } from "./password-hash-cost.ts";

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolated modules cannot read;
// 2 is its Argon2id member.
const ARGON2ID = 2;

/**
 * A PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash at the production cost) with a fresh
 * random salt. The cost is the server's PASSWORD_HASH_COST (config.passwordHashCost), passed by
 * every caller, so apps with different costs can share one process (the tests do).
 */
export const hashPassword = (password: string, cost: PasswordHashCost): Promise<string> =>
  hash(password, { algorithm: ARGON2ID, ...PASSWORD_HASH_COSTS[cost] });

/** Whether the password matches the stored hash; a malformed hash is a mismatch, never an exception. */
export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
