import type { ReportDrafted, ReportSigner, ReportSlpFields } from "./report-wire.ts";

/** The content a signature locks: the drafted part, the SLP's texts, the signer and the instant of signing. */
export type LockedReport = {
  readonly drafted: ReportDrafted;
  readonly assessment: string;
  readonly plan: string;
  readonly goal_changes: string;
  readonly signer: ReportSigner;
  readonly signed_at: string;
  readonly patient: number;
};

/** The locked content from a draft's fields: texts trimmed, the signer's credentials and NPI from the check. */
export const lockedReport = (patient: number, drafted: ReportDrafted, fields: ReportSlpFields, signer: ReportSigner, signedAt: string): LockedReport => ({
  patient,
  drafted,
  assessment: fields.assessment.trim(),
  plan: fields.plan.trim(),
  goal_changes: fields.goal_changes.trim(),
  signer,
  signed_at: signedAt,
});

const canonical = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
};

/**
 * The canonical text of a locked report (docs/progress-reports.md, "Content hash"): JSON with every
 * object's keys in code-point order, no white space, undefined keys left out. Anyone holding the
 * locked content rebuilds the same text and so the same SHA-256; the server hashes it as UTF-8.
 */
export const canonicalReportText = (locked: LockedReport): string => canonical(locked);

/** The canonical text of an addendum: the report's hash it follows, its text, signer and instant. */
export const canonicalAddendumText = (reportSha256: string, text: string, signer: ReportSigner, signedAt: string): string =>
  canonical({ report_sha256: reportSha256, text: text.trim(), signer, signed_at: signedAt });
