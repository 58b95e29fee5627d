import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { holdsInvisibleCharacter, stripInvisibleCharacters, validateVisibleText } from "./invisible-characters.ts";

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
/** Written out here, not read from the rule: the list docs/validation.md promises. */
const INVISIBLE = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069), "\u200b", "\u200e", "\u200f", "\u061c", "\ufeff", ...range(0x2060, 0x2064)];
const JOINERS = ["\u200c", "\u200d"];

const invisible = fc.constantFrom(...INVISIBLE);
/** Any text, of any script, emoji included. */
const anyText = fc.string({ unit: "grapheme", maxLength: 40 });
const withInserted = (text: string, at: number, character: string): string => {
  const characters = [...text];
  const index = at % (characters.length + 1);
  return [...characters.slice(0, index), character, ...characters.slice(index)].join("");
};

describe("invisible characters", () => {
  test.prop([anyText, fc.nat(), invisible])("any text holding a direction or width character is refused as a name", (text, at, character) => {
    const name = withInserted(text, at, character);
    expect(holdsInvisibleCharacter(name)).toBe(true);
    expect(validateVisibleText(name, "first name", "first_name")).toMatchObject({ ok: false, code: "ERROR_056", field: "first_name" });
  });

  test.prop([fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ÀéøÑ-'".split("")), maxLength: 30 }), fc.nat(), fc.constantFrom(...JOINERS)])(
    "a joiner in a Latin name is refused: Latin never spells with one",
    (text, at, joiner) => {
      expect(holdsInvisibleCharacter(withInserted(text, at, joiner))).toBe(true);
    },
  );

  test.prop([fc.array(fc.oneof(anyText, invisible), { maxLength: 12 })])("stripping prose leaves none of them and changes nothing else", (parts) => {
    const prose = parts.join("");
    const stripped = stripInvisibleCharacters(prose);
    expect(INVISIBLE.some((character) => stripped.includes(character))).toBe(false);
    expect(stripped).toBe(parts.filter((part) => !INVISIBLE.includes(part)).map((part) => [...part].filter((c) => !INVISIBLE.includes(c)).join("")).join(""));
  });

  test.prop([anyText])("text without them is left exactly as it is", (text) => {
    const clean = [...text].filter((c) => !INVISIBLE.includes(c)).join("");
    expect(stripInvisibleCharacters(clean)).toBe(clean);
  });

  it.each([
    ["Anna-Lena O'Brien", false],
    ["José Ñúñez", false],
    ["Zoë 🙂", false],
    ["\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", false], // Persian: the non-joiner between two letters is spelling
    ["\u0915\u094d\u200d\u0937", false], // Devanagari: a joiner after a virama
    ["Ann\u202eenna", true],
    ["An\u200bna", true],
    ["\ufeffAnna", true],
    ["Anna\u200d", true],
    ["\u200cAnna", true],
    ["\u0645\u200c", true], // a joiner with nothing after it
  ])("%j holds an invisible character: %s", (text, holds) => {
    expect(holdsInvisibleCharacter(text)).toBe(holds);
  });

  it("keeps joiners in prose (Persian words and emoji sequences need them) while dropping the rest", () => {
    expect(stripInvisibleCharacters("Said \u200bhello\u202e to 👩\u200d⚕️ and \u0645\u06cc\u200c\u062e")).toBe("Said hello to 👩\u200d⚕️ and \u0645\u06cc\u200c\u062e");
  });

  it("answers a refusal with the field and a message naming it", () => {
    expect(validateVisibleText("Ann\u202e", "last name", "last_name")).toEqual({
      ok: false,
      code: "ERROR_056",
      message: "The last name holds an invisible formatting character (often from pasted text); type it again",
      field: "last_name",
    });
    expect(validateVisibleText("Ann", "last name", "last_name")).toEqual({ ok: true, value: "Ann" });
  });
});
