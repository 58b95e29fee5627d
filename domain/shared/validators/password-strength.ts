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

/** Who a password is for: what an attacker who targets them knows first (any part may be missing). */
export type PasswordOwner = {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly email?: string;
  readonly institutionName?: string;
};

// "García" and "garcia" are the same guess.
const fold = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const MIN_WORD_LENGTH = 3;

/**
 * The words an attacker who knows the person tries first (zxcvbn's user inputs): their names, their
 * address, its local part and the labels of its domain but the top-level one, and their
 * institution's name, each whole and split into its words.
 */
export const passwordOwnerWords = (owner: PasswordOwner): string[] => {
  const email = owner.email ?? "";
  const at = email.lastIndexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const domainLabels = at < 0 ? [] : email.slice(at + 1).split(".").slice(0, -1);
  const wholes = [owner.firstName, owner.lastName, owner.institutionName, email, local, ...domainLabels].filter((word): word is string => word !== undefined);
  const words = wholes.flatMap((word) => [fold(word), ...fold(word).split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words)].filter((word) => word.length >= MIN_WORD_LENGTH);
};

const zxcvbnScore = (password: string, words: readonly string[]): number => strengthEstimator().check(password, [...words]).score;

// zxcvbn alone lets "MariaGarcia2026!" through: each name is a cheap guess, but the combination
// with a year and a symbol still adds up to score 3. What is left once the person's own words are
// taken out must be strong on its own, as if the attacker had typed the names for free.
const scoreWithoutOwnerWords = (password: string, words: readonly string[]): number | undefined => {
  const folded = fold(password);
  const rest = [...words].sort((a, b) => b.length - a.length).reduce((text, word) => text.split(word).join(""), folded);
  if (rest === folded) return undefined;
  return rest.trim() === "" ? 0 : zxcvbnScore(rest, []);
};

/**
 * The zxcvbn score (0 weakest to 4 strongest) of a password for its owner: their names, address
 * and institution count as guessable words, and what remains without them must stand on its own.
 */
export const passwordScore = (password: string, owner: PasswordOwner = {}): number => {
  const words = passwordOwnerWords(owner);
  const whole = zxcvbnScore(password, words);
  return Math.min(whole, scoreWithoutOwnerWords(password, words) ?? whole);
};

/** A password that is common, breached, easily guessed or built from the person's own names, address or institution (score below 3) is refused with ERROR_007. */
export const checkPasswordStrength = (password: string, owner: PasswordOwner = {}): Result<string> =>
  passwordScore(password, owner) >= MIN_PASSWORD_SCORE
    ? succeed(password)
    : fail("ERROR_007", catalogueMessage("ERROR_007"), { field: "new_password" });
