import type { InstitutionId } from "../../domain/shared/ids.ts";
import type { DashboardOverviewResponse } from "../../domain/dashboard/dashboard-overview-wire.ts";
import type { PatientDashboardResponse } from "../../domain/patients/index.ts";

// The port the dashboards' data hooks depend on; dashboard-api.ts is its HTTP implementation.

/** What the SLP dashboard asks for: an optional search (blank means none) and one page. */
export type PatientsDashboardRequest = {
  readonly search?: string;
  readonly page: number;
  readonly pageSize: number;
};

/** What the administrators' overview asks for: the super administrator may narrow it to one institution. */
export type OverviewRequest = {
  readonly institution?: InstitutionId;
};

/** The dashboard calls; each rejects with an ApiFailure. */
export type DashboardApi = {
  /** One page of the SLP's (or, for administrators, the institution's) patients with games to review. */
  readonly getPatientsDashboard: (request: PatientsDashboardRequest) => Promise<PatientDashboardResponse>;
  /** The week's figures for the administrator's institution, or every institution for the super administrator. */
  readonly getOverview: (request?: OverviewRequest) => Promise<DashboardOverviewResponse>;
};
