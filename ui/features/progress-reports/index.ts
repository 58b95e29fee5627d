// What other features' pages may show of the progress reports feature (issue 37). The patient
// record lazy-loads the section and the dashboard the reports due: patients/dashboard -> progress-reports.
export { PatientReportsSection, type PatientReportsSectionProps } from "./patient-reports-section.tsx";
export { ReportsDuePanel } from "./reports-due-panel.tsx";
