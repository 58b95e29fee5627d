import { fromPromise } from "xstate";
import type { AdministratorCreateDraft, CheckedAdministrator } from "../../../domain/administrators/administrator-create-form.ts";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { createAdministratorCreateMachine } from "../../../machines/administrators/administrator-create.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The administrators feature's machines get their effects here and nowhere else (docs/ui.md,
// "Where machines are provided"); the page takes the provided logic and renders its actor.

export type SubmitAdministratorInput = SubmitFormInput<AdministratorCreateDraft, CheckedAdministrator>;

/** The new-administrator form for an institution with these allowed domains, submitting through `submit` (POST administrators/). */
export const administratorCreateLogicFor = (allowedDomains: readonly string[], submit: (input: SubmitAdministratorInput) => Promise<Administrator>) =>
  createAdministratorCreateMachine({ allowedDomains }).provide({
    actors: { submitForm: fromPromise<Administrator, SubmitAdministratorInput>(({ input }) => submit(input)) },
  });
