import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

/**
 * zxcvbn score 3 means about 10^8 to 10^10 guesses: out of reach of an online attacker and slow
 * against an offline attack on argon2 hashes. Every password on the common-passwords list
 * (about 49,000 breached passwords) scores 0 or 1, so this threshold also rejects them.
 */
export const MIN_PASSWORD_SCORE = 3;

// Built once: ranking the dictionaries takes about 0.1 s. This module is loaded lazily by the
// browser because the dictionaries are large; keep it out of password.ts.
let estimator: ZxcvbnFactory | undefined;
const strengthEstimator = (): ZxcvbnFactory => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

// An attacker who knows the email ana.lopez@clinic.org will try "lopez" and "clinic" on their own.
const guessableParts = (personalWords: readonly string[]): string[] =>
  personalWords
    .flatMap((word) => [word, ...word.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((part) => part.length >= 3);

/** The zxcvbn score (0 weakest to 4 strongest) of a password, counting the person's own email and names, and their parts, as guessable words. */
export const passwordScore = (password: string, personalWords: readonly string[] = []): number =>
  strengthEstimator().check(password, guessableParts(personalWords)).score;

/** A password that is common, breached or easily guessed (zxcvbn score below 3) is refused with ERROR_007. */
export const checkPasswordStrength = (password: string, personalWords: readonly string[] = []): Result<string> =>
  passwordScore(password, personalWords) >= MIN_PASSWORD_SCORE
    ? succeed(password)
    : fail("ERROR_007", catalogueMessage("ERROR_007"), { field: "new_password" });
