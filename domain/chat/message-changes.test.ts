import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkMessageText } from "./chat-message-text.ts";
import { checkEdit, messageChangesOf } from "./message-changes.ts";

const participant = fc.record({ kind: fc.constantFrom("staff", "patient"), id: fc.integer({ min: 1, max: 5 }) });
const withdrawnAt = fc.option(fc.constant("2026-03-02T10:00:00.000Z"), { nil: null });
const text = fc.string({ unit: "grapheme", maxLength: 60 });
/** What a paste or the keyboard adds around a text and the stored text never keeps. */
const padding = fc.array(fc.constantFrom(" ", "\n", "\t", "\u200b"), { maxLength: 4 }).map((parts) => parts.join(""));

describe("changing a message", () => {
  test.prop([participant, participant, withdrawnAt])("only its author may edit or withdraw it, and only until it is withdrawn", (reader, author, withdrawn) => {
    const changes = messageChangesOf(reader, { author, withdrawn_at: withdrawn });
    const mayChange = reader.kind === author.kind && reader.id === author.id && withdrawn === null;
    expect(changes).toEqual({ edit: mayChange, withdraw: mayChange });
  });

  it("tells a patient from a member of staff with the same id", () => {
    expect(messageChangesOf({ kind: "staff", id: 4 }, { author: { kind: "patient", id: 4 }, withdrawn_at: null }).edit).toBe(false);
  });

  test.prop([text, padding, padding])("sends nothing when the draft, cleaned, is the stored text", (typed, before, after) => {
    const stored = checkMessageText(typed, true);
    if (!stored.ok) return;
    expect(checkEdit(stored.value, `${before}${stored.value}${after}`)).toEqual({ ok: true, value: null });
  });

  test.prop([text, text])("any other draft gets exactly the server's text check, which never lets an edit empty a message", (stored, draft) => {
    const outcome = checkEdit(stored, draft);
    const checked = checkMessageText(draft, false);
    if (outcome.ok && outcome.value === null) {
      expect(checked.ok ? checked.value : "").toBe(stored);
      return;
    }
    expect(outcome).toEqual(checked);
    if (outcome.ok) expect(outcome.value).not.toBe("");
  });

  it("refuses an emptied draft with the catalogued message", () => {
    expect(checkEdit("See you Monday", " \u200b ")).toMatchObject({ ok: false, code: "ERROR_003", message: "The message is required" });
  });
});
