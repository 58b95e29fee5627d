import type { RoutePages } from "../../app/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { PatientCreatePage } from "./patient-create-page.tsx";
import { PatientDetailPage } from "./patient-detail-page.tsx";
import { PatientsListPage } from "./patients-list-page.tsx";
import { patientsKeys } from "./use-patients.ts";

/** The patients pages (domain/patients/routes.ts declares their routes). */
export const PATIENT_PAGES: RoutePages = {
  patients: { render: () => (user) => <PatientsListPage user={user} /> },
  "create-patient": { render: () => (user) => <PatientCreatePage user={user} /> },
  "patient-detail": {
    render: (params) => (user) => <PatientDetailPage key={params["id"]} id={PatientId.make(routeId(params["id"]) ?? 0)} user={user} />,
    // The breadcrumb names the patient once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["id"]);
      const patient = id === null ? undefined : cached<Patient>(patientsKeys.detail(id));
      return patient === undefined ? {} : { patient: { firstName: patient.first_name, lastName: patient.last_name } };
    },
  },
};
