// What other features' pages may show of the progress reports feature (issue 37). The patient
// record lazy-loads the section, the dashboard the reports due and the institution page its settings:
// patients/dashboard/institutions -> progress-reports.
export { PatientReportsSection, type PatientReportsSectionProps } from "./patient-reports-section.tsx";
export { ReportsDuePanel } from "./reports-due-panel.tsx";
export { ReportSettingsSection, type ReportSettingsSectionProps } from "./report-settings-section.tsx";
