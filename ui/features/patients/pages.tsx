import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { patientsKeys } from "./patients-keys.ts";
import { PATIENT_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk (docs/patients.md, "Bundle").
const PatientsListPage = pageChunk(() => PATIENT_PAGE_CODE.patients().then((module) => module.PatientsListPage), <PageChunkLoading title="Patients" />);
const PatientCreatePage = pageChunk(() => PATIENT_PAGE_CODE["create-patient"]().then((module) => module.PatientCreatePage), <PageChunkLoading title="New patient" />);
const PatientDetailPage = pageChunk(() => PATIENT_PAGE_CODE["patient-detail"]().then((module) => module.PatientDetailPage), <PageChunkLoading title="Patient" />);

/** The patients pages (domain/patients/routes.ts declares their routes). */
export const PATIENT_PAGES: RoutePages = {
  patients: {
    preload: PatientsListPage.preload,
    render: () => (user) => <PatientsListPage user={user} />,
  },
  "create-patient": {
    preload: PatientCreatePage.preload,
    render: () => (user) => <PatientCreatePage user={user} />,
  },
  "patient-detail": {
    preload: PatientDetailPage.preload,
    render: (params) => (user) => <PatientDetailPage key={params["id"]} id={PatientId.make(routeId(params["id"]) ?? 0)} user={user} />,
    // The breadcrumb names the patient once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["id"]);
      const patient = id === null ? undefined : cached<Patient>(patientsKeys.detail(id));
      return patient === undefined ? {} : { patient: { firstName: patient.first_name, lastName: patient.last_name } };
    },
  },
};
