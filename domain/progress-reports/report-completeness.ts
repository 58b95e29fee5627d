import { catalogueMessage } from "../shared/error-catalogue.ts";
import { type Failure, type Result, fail, succeed } from "../shared/result.ts";
import type { ReportDrafted, ReportSigner, ReportSlpFields } from "./report-wire.ts";

/** The fields a signing may be refused on, in the report's reading order (the form focuses the first). */
export const REPORT_FIELDS = ["period", "goals", "plan", "signer_name", "credentials", "npi"] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** What signing needs beside the report: the goals the period must address, who signs, and the institution's NPI rule. */
export type SigningFacts = {
  /** Ids of the patient's goals started by the period's end: each must be addressed in the report. */
  readonly goalIds: readonly number[];
  readonly signerName: string;
  readonly npiRequired: boolean;
};

const required = (field: ReportField, label: string): Failure => fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: label }), { field });

/** A National Provider Identifier: 10 digits whose last is the Luhn check digit over "80840" and the first nine. */
export const isNpi = (text: string): boolean => {
  if (!/^\d{10}$/.test(text)) return false;
  const digits = `80840${text}`.split("").map(Number);
  let sum = 0;
  for (let index = digits.length - 1, double = false; index >= 0; index -= 1, double = !double) {
    const digit = digits[index] ?? 0;
    const value = double ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0;
};

/**
 * Whether a report may be signed (docs/progress-reports.md, "Signing"): the period, each goal of
 * the period addressed, the plan, the signer's name and credentials, and an NPI when the
 * institution asks for one (a given NPI must be a valid one either way). The answer is the signer
 * as the locked report will name them, or the first missing element with its field.
 */
export const checkSignable = (drafted: ReportDrafted, fields: ReportSlpFields, facts: SigningFacts): Result<ReportSigner> => {
  if (drafted.period.start === "" || drafted.period.end === "") return required("period", "period");
  if (drafted.period.start > drafted.period.end) return fail("ERROR_034", catalogueMessage("ERROR_034"), { field: "period" });
  const addressed = new Set<number>(drafted.goals.map((goal) => goal.goal));
  const missing = facts.goalIds.find((id) => !addressed.has(id));
  if (missing !== undefined) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "progress of every goal" }), { field: "goals" });
  if (fields.plan.trim() === "") return required("plan", "plan");
  const name = facts.signerName.trim();
  if (name === "") return required("signer_name", "signer's name");
  const credentials = fields.credentials.trim();
  if (credentials === "") return required("credentials", "credentials");
  const npi = fields.npi.trim();
  if (npi === "" && facts.npiRequired) return required("npi", "NPI");
  if (npi !== "" && !isNpi(npi)) return fail("ERROR_056", "The NPI must be 10 digits with a valid check digit", { field: "npi" });
  return succeed({ name, credentials, npi: npi === "" ? null : npi });
};
