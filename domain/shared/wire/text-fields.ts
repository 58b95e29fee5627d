import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { normaliseEmail } from "../validators/email.ts";
import { holdsInvisibleCharacter, stripInvisibleCharacters } from "../validators/invisible-characters.ts";

export type TextLines = "single-line" | "multi-line";

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const isLeadSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isTrailSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * docs/validation.md, "Characters no field may hold": C0 controls other than TAB, LF and CR; DEL;
 * C1 controls; lone surrogates (invalid UTF-16 with no UTF-8 spelling, which PostgreSQL refuses
 * as it refuses NUL). A single-line field holds no TAB, LF or CR either.
 */
export const holdsForbiddenCharacter = (text: string, lines: TextLines = "multi-line"): boolean => {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (lines === "multi-line" && (code === TAB || code === LF || code === CR)) continue;
      return true;
    }
    if (code >= 0x7f && code <= 0x9f) return true;
    if (isLeadSurrogate(code) && isTrailSurrogate(text.charCodeAt(index + 1))) {
      index += 1;
      continue;
    }
    if (isLeadSurrogate(code) || isTrailSurrogate(code)) return true;
  }
  return false;
};

/**
 * Text a person typed: refuses the characters no field may hold and, unless the field is
 * multi-line, TAB, LF and CR as well. Every free-text wire field carries it.
 */
export const isTypedText = (lines: TextLines = "single-line") =>
  Schema.makeFilter((text: string) => !holdsForbiddenCharacter(text, lines), {
    expected: lines === "multi-line" ? "text without control characters" : "one line of text without control characters",
  });

/**
 * Free text bounded in length, trimmed on decoding: stray spaces from a form never reach the
 * database, no field can carry a megabyte of text, and control characters are refused.
 */
export const boundedText = (maxLength: number, lines: TextLines = "single-line") =>
  Schema.Trim.check(Schema.isMaxLength(maxLength), isTypedText(lines));

/**
 * Text that names or locates someone or something (a name, an address, an e-mail): refuses the
 * invisible direction and width characters (docs/validation.md, "Invisible characters"), so it
 * displays as stored. Request bodies carry it; answers do not, so a record stored earlier still reads.
 */
export const isVisibleText = () =>
  Schema.makeFilter((text: string) => !holdsInvisibleCharacter(text), { expected: "text without invisible direction or width characters" });

/**
 * Prose (a note, a transcription, a word the patient said) as sent: the invisible direction and
 * width characters are dropped on decoding, since a stray one from a paste is harmless.
 */
export const StrippedText = Schema.String.pipe(
  Schema.decodeTo(Schema.String, SchemaTransformation.transform({ decode: stripInvisibleCharacters, encode: (text: string) => text })),
);

/** Prose as sent, stripped (StrippedText), then trimmed and bounded like boundedText's multi-line text. */
export const proseText = (maxLength: number) =>
  StrippedText.pipe(Schema.decodeTo(Schema.Trim.check(Schema.isMaxLength(maxLength), isTypedText("multi-line"))));

/** A person's first or last name; may be empty on the wire (the portal shows 'N' / 'A' then). */
export const PersonName = boundedText(150);
/** A person's name as a form writes it. */
export const PersonNameWrite = PersonName.check(isVisibleText());

/** An email address: one @, no spaces, a dotted domain; the catalogue has no finer rule. */
export const Email = Schema.Trim.check(
  Schema.isMaxLength(254),
  isTypedText(),
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { expected: "an email address" }),
);
export type Email = typeof Email.Type;
/**
 * An e-mail address as a form writes it, in its one normal form (normaliseEmail: the domain
 * lower-cased, without a trailing dot, in ASCII); an address whose local part or a domain label
 * mixes alphabets (a look-alike) is refused.
 */
export const EmailWrite = Email.check(
  isVisibleText(),
  Schema.makeFilter((text: string) => normaliseEmail(text).ok, { expected: "an address written in one alphabet, with a real domain" }),
).pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({
      decode: (text: string) => {
        const normal = normaliseEmail(text);
        return normal.ok ? normal.value : text;
      },
      encode: (text: string) => text,
    }),
  ),
);

/**
 * A password as typed. Length and strength rules answer with their own codes (ERROR_006,
 * ERROR_007) from the validators, so the wire only bounds the size hashing has to face and
 * refuses what no text may hold (a password is never stored, but the rule has no exceptions).
 */
export const PasswordText = Schema.String.check(Schema.isMaxLength(1024), isTypedText("multi-line"));

/** An opaque token (access, refresh, reset): non-empty, bounded, one line of text. */
export const TokenText = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(4096), isTypedText());
