import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "./chat-limits.ts";
import { characterCount, checkMessageText, remainingText } from "./chat-message-text.ts";

describe("a message's text", () => {
  test.prop([fc.string({ unit: "grapheme", maxLength: 200 })])("is stored trimmed, without invisible characters, and never longer than sent", (text) => {
    const checked = checkMessageText(text, true);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.value).toBe(checked.value.trim());
    expect(checked.value).not.toMatch(/[\u200b\u202a-\u202e\u2066-\u2069\ufeff]/u);
    expect(characterCount(checked.value)).toBeLessThanOrEqual(characterCount(text));
  });

  it("is required unless an attachment is sent", () => {
    expect(checkMessageText(" \n\u200b ", false)).toMatchObject({ ok: false, code: "ERROR_003", field: "body" });
    expect(checkMessageText("", true)).toEqual({ ok: true, value: "" });
  });

  it("is refused past 4,000 characters, counted as a person counts them", () => {
    expect(checkMessageText("é".repeat(CHAT_LIMITS.messageChars), false).ok).toBe(true);
    expect(checkMessageText("😀".repeat(CHAT_LIMITS.messageChars), false).ok).toBe(true);
    expect(checkMessageText("a".repeat(CHAT_LIMITS.messageChars + 1), false)).toMatchObject({ ok: false, code: "ERROR_056", field: "body" });
  });

  it("shows the characters left only as the limit nears", () => {
    expect(remainingText("a".repeat(100))).toBeNull();
    expect(remainingText("a".repeat(3_990))).toBe("10 characters left");
    expect(remainingText("a".repeat(4_002))).toBe("2 characters over the limit");
  });
});
