import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { AttemptNote, AttemptNoteBody, AttemptNotePathParams, MAX_NOTE_LENGTH, NoteTypeList } from "./attempts-wire.ts";
import { decodeStrict } from "../shared/wire/decode.ts";
import { emailArb, idArb, isoDateTimeArb, nameArb, wireContractTests } from "../shared/wire/wire-arbitraries.test-helper.ts";

const noteTypeArb = fc.record({
  id: idArb,
  name: fc.string(),
  color: fc.stringMatching(/^#[0-9a-f]{6}$/),
  sort_order: fc.nat(),
});
const authorArb = fc.record({ id: idArb, first_name: nameArb, last_name: nameArb, email: emailArb });
const noteTextArb = fc.string({ minLength: 1, maxLength: MAX_NOTE_LENGTH }).map((text) => text.trim()).filter((text) => text.length > 0);

const schemas = [
  [NoteTypeList, fc.array(noteTypeArb, { maxLength: 5 })],
  [
    AttemptNote,
    fc.record({
      id: idArb,
      game_attempt: idArb,
      type: noteTypeArb,
      note: fc.string(),
      created_by: authorArb,
      created_at: isoDateTimeArb,
      last_edited_by: fc.option(authorArb, { nil: null }),
      updated_at: isoDateTimeArb,
      version: fc.integer({ min: 1, max: 1000 }),
    }),
  ],
  [AttemptNoteBody, fc.record({ game_attempt: idArb, note_type: idArb, content: noteTextArb })],
  [AttemptNotePathParams, fc.record({ id: idArb.map(String) })],
] as const;

const author = { id: 12, first_name: "Ann", last_name: "Lee", email: "ann@clinic.org" };
const note = {
  id: 70,
  game_attempt: 901,
  type: { id: 1, name: "Observation", color: "#1A7F37", sort_order: 0 },
  note: "Hesitated before naming the object.",
  created_by: author,
  created_at: "2024-04-02T10:00:00Z",
  last_edited_by: null,
  updated_at: "2024-04-02T10:00:00Z",
  version: 1,
};

describe("attempt notes", () => {
  it("decodes a note as spec section 3 describes it", () => {
    expect(decodeStrict(AttemptNote)(note)).toEqual({ ok: true, value: note });
  });

  it.each([
    ["type.color", { type: { ...note.type, color: "green" } }],
    ["last_edited_by.email", { last_edited_by: { ...author, email: "nope" } }],
    ["updated_at", { updated_at: "2024-04-31T10:00:00Z" }],
  ])("refuses a bad %s", (field, patch) => {
    expect(decodeStrict(AttemptNote)({ ...note, ...patch })).toMatchObject({ ok: false, field });
  });

  it("writes a note with content, trimmed", () => {
    expect(decodeStrict(AttemptNoteBody)({ game_attempt: 901, note_type: 1, content: "  Good effort. " })).toEqual({
      ok: true,
      value: { game_attempt: 901, note_type: 1, content: "Good effort." },
    });
  });

  it.each([
    ["content", { content: "   " }],
    ["content", { content: "x".repeat(MAX_NOTE_LENGTH + 1) }],
    ["note_type", { note_type: "1" }],
    ["note", { note: "read-side name" }],
  ])("refuses a note body with a bad %s", (field, patch) => {
    expect(decodeStrict(AttemptNoteBody)({ game_attempt: 901, note_type: 1, content: "ok", ...patch })).toMatchObject({
      ok: false,
      field,
    });
  });

  wireContractTests("attempt-note", schemas);
});
