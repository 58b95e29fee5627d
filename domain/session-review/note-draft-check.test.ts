import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { NoteTypeId } from "../shared/ids.ts";
import { MAX_NOTE_LENGTH } from "./attempts-wire.ts";
import { checkNoteDraft } from "./note-draft-check.ts";

const type = NoteTypeId.make(1);

describe("checkNoteDraft", () => {
  it("asks for a type first, then a text, then a shorter text", () => {
    expect(checkNoteDraft(null, "")).toEqual({ field: "type", message: "Choose a note type" });
    expect(checkNoteDraft(type, "  \n ")).toEqual({ field: "content", message: "The note is required" });
    expect(checkNoteDraft(type, "x".repeat(MAX_NOTE_LENGTH + 1))).toEqual({ field: "content", message: `The note must be at most ${MAX_NOTE_LENGTH} characters` });
    expect(checkNoteDraft(type, ` ${"x".repeat(MAX_NOTE_LENGTH)} `)).toBeNull();
  });

  test.prop([fc.string({ maxLength: 50 })])("a typed note passes exactly when its trimmed text is not blank", (content) => {
    expect(checkNoteDraft(type, content) === null).toBe(content.trim() !== "");
  });
});
