// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import { changedFields, STALE_VERSION_STATUS } from "../../domain/shared/record-conflict.ts";
import { VERSION_FIELD } from "../../domain/shared/record-version.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../../machines/shared/record-edit.machine.ts";
import { CONFLICT_HEADING } from "../forms/conflict-panel.tsx";
import { toastQueue } from "../feedback/toast-queue.ts";
import { type RecordEditForm, RecordEditSection, type RecordEditSectionProps } from "./record-edit-section.tsx";

// The shared edit section on a small record of its own: what the patient, SLP and institution
// edit sections hand it (machine, labels, conflict and value text, their form) is all it knows.
type Note = { readonly id: number; readonly title: string; readonly body: string; readonly version: number };
type NoteDraft = { readonly title: string; readonly body: string };

const STALE = { status: STALE_VERSION_STATUS, field: VERSION_FIELD, message: "stale" };
const started: Note = { id: 1, title: "Old title", body: "Body", version: 3 };
const theirs: Note = { ...started, body: "Their body", title: "Their title", version: 4 };

const draftOfNote = ({ title, body }: Note): NoteDraft => ({ title, body });
const asDraft = (draft: NoteDraft): NoteDraft => draft;
const changesOf = (from: Note, current: Note, mine: NoteDraft) => changedFields(draftOfNote(from), draftOfNote(current), mine);
const LABELS = { title: "Title", body: "Body text" } as const;
const valueText = (_field: keyof NoteDraft, value: string) => value.toUpperCase();

// The feature's form: its fields start from the record it is handed, and it reports how its save settled.
function NoteForm({ record, save, isSaving, outcomes }: RecordEditForm<Note, [NoteDraft]> & { readonly outcomes: string[] }) {
  const [title, setTitle] = useState(record.title);
  const submit = () =>
    void save({ title, body: record.body }).then(
      () => outcomes.push("settled"),
      (error: { message: string }) => outcomes.push(`refused: ${error.message}`),
    );
  return (
    <div>
      <label>
        Title
        <input name="title" value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <button type="button" onClick={submit} disabled={isSaving}>
        Save changes
      </button>
    </div>
  );
}

/** The machine with scripted effects: each save and read answers in turn what the test lined up. */
const renderSection = (answers: { saves: Array<Note | object>; loads?: Note[] }, props: Partial<RecordEditSectionProps<Note, NoteDraft, [NoteDraft], keyof NoteDraft, string>> = {}) => {
  const saves: Array<SaveRecordInput<Note, NoteDraft>> = [];
  const answer = (value: Note | object | undefined) => ("version" in (value ?? {}) ? Promise.resolve(value as Note) : Promise.reject(value));
  const logic = createRecordEditMachine<Note, NoteDraft>({ id: "noteTest", rebase: (_started, _current, draft) => draft }).provide({
    actors: {
      saveRecord: fromPromise<Note, SaveRecordInput<Note, NoteDraft>>(({ input }) => (saves.push(input), answer(answers.saves.shift()))),
      loadRecord: fromPromise<Note, LoadRecordInput<Note>>(() => answer(answers.loads?.shift())),
    },
  });
  const onSaved = vi.fn();
  const outcomes: string[] = [];
  render(
    <RecordEditSection logic={logic} record={started} draftOf={asDraft} changesOf={changesOf} labels={LABELS} valueText={valueText} onSaved={onSaved} {...props}>
      {(form) => <NoteForm {...form} outcomes={outcomes} />}
    </RecordEditSection>,
  );
  return { saves, onSaved, outcomes };
};

const titleField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Title" });
const typeAndSave = (title: string) => {
  fireEvent.change(titleField(), { target: { value: title } });
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
};

describe("the shared record edit section", () => {
  it("saves naming the version it started from, then confirms and tells the page", async () => {
    const { saves, onSaved, outcomes } = renderSection({ saves: [{ ...started, title: "New", version: 4 }] }, { savedTitle: "Note saved" });
    typeAndSave("New");
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saves).toEqual([{ record: started, draft: { title: "New", body: "Body" } }]);
    expect(outcomes).toEqual(["settled"]);
    expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toContain("Note saved");
  });

  it("hands a refusal of the form's own back to the form, with no panel", async () => {
    const { onSaved, outcomes } = renderSection({ saves: [{ status: 400, field: "title", message: "Too short" }] });
    typeAndSave("N");
    await waitFor(() => expect(outcomes).toEqual(["refused: Too short"]));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows each field the person edited with their value and yours, in words, keeping the form as typed", async () => {
    const { outcomes } = renderSection({ saves: [STALE], loads: [theirs] });
    typeAndSave("Mine");
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { name: CONFLICT_HEADING })).toBeTruthy();
    const row = within(panel).getByRole("row", { name: /Title/ });
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["THEIR TITLE", "MINE"]);
    expect(within(panel).queryByRole("row", { name: /Body text/ })).toBeNull();
    expect(titleField().value).toBe("Mine");
    // The form just waits with its draft: the conflict is the panel's to show.
    await waitFor(() => expect(outcomes).toEqual(["settled"]));
  });

  it("Save mine again sends the same edit naming the stored version, keeping the form typed in", async () => {
    const { saves, onSaved } = renderSection({ saves: [STALE, { ...theirs, title: "Mine", version: 5 }], loads: [theirs] });
    typeAndSave("Mine");
    fireEvent.click(await screen.findByRole("button", { name: "Save mine again" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saves.map(({ record, draft }) => [record.version, draft.title])).toEqual([
      [3, "Mine"],
      [4, "Mine"],
    ]);
  });

  it("Show their version starts a fresh form from the stored record and hands focus back to its first field", async () => {
    const { saves } = renderSection({ saves: [STALE, { ...theirs, version: 5 }], loads: [theirs] });
    typeAndSave("Mine");
    fireEvent.click(await screen.findByRole("button", { name: "Show their version" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(titleField().value).toBe("Their title");
    await waitFor(() => expect(document.activeElement).toBe(titleField()));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(saves.at(-1)?.record.version).toBe(4));
  });

  it("tells a form that shows nothing for a conflict that its save was stale, when asked to", async () => {
    const { outcomes } = renderSection({ saves: [STALE], loads: [theirs] }, { conflictRefusal: { message: "stale version" } });
    typeAndSave("Mine");
    await screen.findByRole("alert");
    await waitFor(() => expect(outcomes).toEqual(["refused: stale version"]));
  });
});
