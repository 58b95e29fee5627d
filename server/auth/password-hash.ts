import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolated modules cannot read;
// 2 is its Argon2id member.
const ARGON2ID = 2;

/**
 * argon2id with OWASP's first recommended profile (19 MiB memory, 2 passes, 1 lane): about
 * 20-40 ms per hash on one core, so sign-in stays quick and seeding the demo's accounts takes
 * well under a second, while each guess costs an attacker the same 19 MiB.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) with a fresh random salt. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

/** Whether the password matches the stored hash; a malformed hash is a mismatch, never an exception. */
export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
