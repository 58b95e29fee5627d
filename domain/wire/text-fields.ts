import * as Schema from "effect/Schema";

/**
 * Free text bounded in length, trimmed on decoding: stray spaces from a form never reach the
 * database, and no field can carry a megabyte of text.
 */
export const boundedText = (maxLength: number) => Schema.Trim.check(Schema.isMaxLength(maxLength));

/** A person's first or last name; may be empty on the wire (the portal shows 'N' / 'A' then). */
export const PersonName = boundedText(150);

/** An email address: one @, no spaces, a dotted domain; the catalogue has no finer rule. */
export const Email = Schema.Trim.check(
  Schema.isMaxLength(254),
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { expected: "an email address" }),
);
export type Email = typeof Email.Type;

/**
 * A password as typed. Length and strength rules answer with their own codes (ERROR_006,
 * ERROR_007) from the validators, so the wire only bounds the size hashing has to face.
 */
export const PasswordText = Schema.String.check(Schema.isMaxLength(1024));

/** An opaque token (access, refresh, reset): non-empty and bounded. */
export const TokenText = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(4096));
