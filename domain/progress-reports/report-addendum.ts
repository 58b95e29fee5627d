import { catalogueMessage } from "../shared/error-catalogue.ts";
import { type Result, fail, succeed } from "../shared/result.ts";

// An addendum to a signed report (docs/progress-reports.md, "Signing"): its text is required; the
// signer's credentials default to the report's signer's. One check for the form and the server.

export type AddendumField = "text" | "credentials";
/** An addendum as typed: the text, and credentials (blank: the report's signer's). */
export type AddendumDraft = { readonly text: string; readonly credentials: string };
/** What is sent: the trimmed text, and credentials only when typed. */
export type AddendumValue = { readonly text: string; readonly credentials?: string };

export const BLANK_ADDENDUM: AddendumDraft = { text: "", credentials: "" };

/**
 * Whether an addendum may be signed: a text, and credentials typed or the report's signer's
 * (`reportCredentials`, null when unknown). The failure names its field.
 */
export const checkAddendum = (draft: AddendumDraft, reportCredentials: string | null): Result<AddendumValue> => {
  const text = draft.text.trim();
  if (text === "") return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "addendum" }), { field: "text" });
  const credentials = draft.credentials.trim();
  if (credentials === "" && (reportCredentials ?? "").trim() === "") return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "credentials" }), { field: "credentials" });
  return succeed(credentials === "" ? { text } : { text, credentials });
};
