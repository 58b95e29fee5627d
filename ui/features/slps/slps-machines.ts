import { fromPromise } from "xstate";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { type StaffEdit, staffEditOnCurrent } from "../../../domain/slps/staff-form.ts";
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
