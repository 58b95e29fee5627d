import { fromPromise } from "xstate";
import type { AddendumDraft, AddendumValue, ProgressReportWire, ReportSettingsBody, ReportSettingsDraft, ReportSettingsWire } from "../../../domain/progress-reports/index.ts";
import { type AddendumFormBasis, addendumFormMachine } from "../../../machines/progress-reports/addendum-form.machine.ts";
import { reportSettingsFormMachine } from "../../../machines/progress-reports/report-settings-form.machine.ts";
import { type ReportFormBasis, type ReportFormDraft, type ReportFormValue, createReportFormMachine } from "../../../machines/progress-reports/report-form.machine.ts";
import { copyNoteMachine, type CopyTextInput } from "../../../machines/session-review/index.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";

// The progress reports' machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the components render their actors.

export type SubmitReportInput = SubmitFormInput<ReportFormDraft, ReportFormValue, ReportFormBasis>;

/** The report form, saving and signing through `submit`; "Report signed" is confirmed by the page. */
export const reportFormLogicFor = (signerName: string, submit: (input: SubmitReportInput) => Promise<ProgressReportWire>) =>
  createReportFormMachine(signerName).provide({ actors: { submitForm: fromPromise<ProgressReportWire, SubmitReportInput>(({ input }) => submit(input)) } });

const writeToClipboard = async (text: string): Promise<void> => {
  if (typeof navigator === "undefined" || navigator.clipboard === undefined) throw new Error("No clipboard in this browser");
  await navigator.clipboard.writeText(text);
};

/** "Copy as text" of a report: the copy-note machine with the Clipboard API, and "Report copied" as a toast and a polite announcement. */
export const copyReportLogic = copyNoteMachine.provide({
  actors: { copyText: fromPromise<void, CopyTextInput>(({ input }) => writeToClipboard(input.text)) },
  actions: { announceCopied: () => confirmChange({ title: "Report copied as text" }) },
});

export type SubmitAddendumInput = SubmitFormInput<AddendumDraft, AddendumValue, AddendumFormBasis>;

/** The addendum form, signing through `submit`; the form confirms "Addendum signed" once done. */
export const addendumFormLogicFor = (submit: (input: SubmitAddendumInput) => Promise<ProgressReportWire>) =>
  addendumFormMachine.provide({ actors: { submitForm: fromPromise<ProgressReportWire, SubmitAddendumInput>(({ input }) => submit(input)) } });

export type SubmitSettingsInput = SubmitFormInput<ReportSettingsDraft, ReportSettingsBody, undefined>;

/** The institution's report rule form, saving through `submit`; it stays open on the saved rule. */
export const reportSettingsFormLogicFor = (submit: (input: SubmitSettingsInput) => Promise<ReportSettingsWire>) =>
  reportSettingsFormMachine.provide({ actors: { submitForm: fromPromise<ReportSettingsWire, SubmitSettingsInput>(({ input }) => submit(input)) } });
