import { fromPromise } from "xstate";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { type StaffDraft, type StaffEdit, staffEditOnCurrent, type StaffFormBasis, type StaffSave } from "../../../domain/slps/staff-form.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";
import { staffFormMachine } from "../../../machines/slps/staff-form.machine.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../../../machines/shared/record-edit.machine.ts";

// The SLPs feature's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); components take the provided logic and render its actor.

/** Editing an SLP's record: the shared record-edit flow (a 412 becomes a conflict the person resolves). */
const staffEditMachine = createRecordEditMachine<StaffMember, StaffEdit>({ id: "staffEdit", rebase: staffEditOnCurrent });

/** What an SLP edit saves and reads with: the cached update mutation and a fresh read that refills the cache. */
export type StaffEditDependencies = {
  readonly save: (input: SaveRecordInput<StaffMember, StaffEdit>) => Promise<StaffMember>;
  readonly load: (input: LoadRecordInput<StaffMember>) => Promise<StaffMember>;
};

/** The staff-edit machine on the page's update mutation and the staff port. */
export const staffEditLogicFor = ({ save, load }: StaffEditDependencies) =>
  staffEditMachine.provide({
    actors: {
      saveRecord: fromPromise<StaffMember, SaveRecordInput<StaffMember, StaffEdit>>(({ input }) => save(input)),
      loadRecord: fromPromise<StaffMember, LoadRecordInput<StaffMember>>(({ input }) => load(input)),
    },
  });

/** What the SLP form's `submitForm` is given: the save the check built, the draft it came from and what the form was opened on. */
export type SubmitStaffFormInput = SubmitFormInput<StaffDraft, StaffSave, StaffFormBasis>;

/** The SLP form (the invitation, or the edit section's form), submitting through `submit`: POST staff/, or the edit section's save. */
export const staffFormLogicFor = (submit: (input: SubmitStaffFormInput) => Promise<unknown>) =>
  staffFormMachine.provide({
    actors: { submitForm: fromPromise<unknown, SubmitStaffFormInput>(({ input }) => submit(input)) },
  });
