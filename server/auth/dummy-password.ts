import { randomBytes } from "node:crypto";
import { hashPassword } from "./password-hash.ts";

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, with the real parameters. Sign-in checks unknown
 * addresses (and accounts without a password) against it, so they cost the same argon2 time as
 * a wrong password and the answer's timing does not tell which addresses have accounts.
 */
export const dummyPasswordHash = (): Promise<string> => {
  dummy ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummy;
};
