import { fromPromise } from "xstate";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { InstitutionDraft, InstitutionFormValue } from "../../../domain/institutions/institution-form.ts";
import { createInstitutionFormMachine } from "../../../machines/institutions/institution-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../../../machines/shared/record-edit.machine.ts";
import { institutionEditOnCurrent } from "./institution-conflict.ts";

// The institutions feature's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); components take the provided logic and render its actor.

/** What `saveRecord` is given: PUT institutions/{record.id}/ with the fields, If-Match `record.version`. */
export type SaveInstitutionInput = SaveRecordInput<Institution, InstitutionFields>;
/** What `loadRecord` is given: GET institutions/{record.id}/. */
export type LoadInstitutionInput = LoadRecordInput<Institution>;

/**
 * Editing an institution (the shared record-edit machine, docs/adapters.md "Concurrent edits"): a
 * save names the version the form was filled from; refused because someone else changed the
 * institution meanwhile, the stored record is read and the person chooses theirs or the stored one.
 */
const institutionEditMachine = createRecordEditMachine<Institution, InstitutionFields>({ id: "institutionEdit", rebase: institutionEditOnCurrent });

/** What an institution edit saves and reads with: the cached update mutation and a fresh read that refills the cache. */
export type InstitutionEditDependencies = {
  readonly save: (input: SaveInstitutionInput) => Promise<Institution>;
  readonly load: (input: LoadInstitutionInput) => Promise<Institution>;
};

/** The institution-edit machine on the page's update mutation and the institutions port. */
export const institutionEditLogicFor = ({ save, load }: InstitutionEditDependencies) =>
  institutionEditMachine.provide({
    actors: {
      saveRecord: fromPromise<Institution, SaveInstitutionInput>(({ input }) => save(input)),
      loadRecord: fromPromise<Institution, LoadInstitutionInput>(({ input }) => load(input)),
    },
  });

/** What the institution form's `submitForm` is given: the checked fields and the draft they came from. */
export type SubmitInstitutionFormInput = SubmitFormInput<InstitutionDraft, InstitutionFormValue>;

/**
 * The institution form (creating, or the edit section's form), submitting through `submit`: POST
 * institutions/, or the edit section's save on the record-edit machine above.
 */
export const institutionFormLogicFor = (options: { readonly withBillingSettings: boolean }, submit: (input: SubmitInstitutionFormInput) => Promise<unknown>) =>
  createInstitutionFormMachine(options).provide({
    actors: { submitForm: fromPromise<unknown, SubmitInstitutionFormInput>(({ input }) => submit(input)) },
  });
