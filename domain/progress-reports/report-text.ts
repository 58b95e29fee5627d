import { dayLabel } from "../shared/calendar/labels.ts";
import { adherenceLines, baselineWords, currentWords, periodWords, ratingChangeWords, scaleName, verdictWords } from "./report-words.ts";
import type { ProgressReportWire } from "./report-wire.ts";

// A text typed over several lines keeps its line breaks but loses trailing blanks.
const block = (text: string): string[] => (text.trim() === "" ? ["Not written"] : text.trim().split(/\r?\n/).map((line) => line.trimEnd()));

/**
 * "Copy as text" (docs/progress-reports.md): the report as plain text for EMRs that take nothing
 * else, one fact a line, in the order and words of the page. A signed report ends with its signer,
 * the instant and the SHA-256, and each addendum after it.
 */
export const reportText = (report: ProgressReportWire): string => {
  const { drafted, fields } = report;
  const lines: string[] = [
    "Progress report",
    `Patient: ${`${report.patient_name.first_name} ${report.patient_name.last_name}`.trim() || "Not specified"}`,
    `Period: ${periodWords(drafted.period)}`,
    "",
    "Goals",
  ];
  if (drafted.goals.length === 0) lines.push("No goal in this period");
  for (const goal of drafted.goals) {
    lines.push(
      `${goal.label}: ${goal.statement}`,
      `  Criterion: ${goal.criterion}`,
      `  Baseline: ${baselineWords(goal)}`,
      `  Current: ${currentWords(goal)} (target ${goal.target}%)`,
      `  Status: ${verdictWords(goal)}`,
      `  Sessions in period: ${goal.sessions.length === 0 ? "none" : goal.sessions.map((session) => `${dayLabel(session.day)} ${session.accuracy}%${session.meets ? " (meets)" : ""}`).join("; ")}`,
    );
  }
  lines.push("", "Adherence", ...adherenceLines(drafted.adherence).map(([label, value]) => `${label}: ${value}`), "", "Functional communication");
  if (drafted.ratings.length === 0) lines.push("No rating");
  for (const rating of drafted.ratings) lines.push(`${scaleName(rating)}: level ${rating.level} of 7 (${dayLabel(rating.rated_on)}), ${ratingChangeWords(rating)}`);
  lines.push("", "Assessment", ...block(fields.assessment), "", "Plan", ...block(fields.plan), "", "Changes to goals", ...block(fields.goal_changes));
  if (report.signer !== null && report.signed_at !== null) {
    const npi = report.signer.npi === null ? "" : `, NPI ${report.signer.npi}`;
    lines.push("", `Signed by ${report.signer.name}, ${report.signer.credentials}${npi}, on ${report.signed_at}`, `SHA-256: ${report.content_sha256 ?? ""}`);
  } else lines.push("", "Draft, not signed");
  for (const addendum of report.addenda) {
    lines.push("", `Addendum signed by ${addendum.signer.name}, ${addendum.signer.credentials} on ${addendum.signed_at}`, ...block(addendum.text), `SHA-256: ${addendum.content_sha256}`);
  }
  return lines.join("\n");
};
