import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { patientsKeys } from "./patients-keys.ts";
import { PATIENT_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk (docs/patients.md, "Bundle").
const PatientsListPage = lazy(() => PATIENT_PAGE_CODE.patients().then((module) => ({ default: module.PatientsListPage })));
const PatientCreatePage = lazy(() => PATIENT_PAGE_CODE["create-patient"]().then((module) => ({ default: module.PatientCreatePage })));
const PatientDetailPage = lazy(() => PATIENT_PAGE_CODE["patient-detail"]().then((module) => ({ default: module.PatientDetailPage })));

/** The patients pages (domain/patients/routes.ts declares their routes). */
export const PATIENT_PAGES: RoutePages = {
  patients: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Patients" />}>
        <PatientsListPage user={user} />
      </Suspense>
    ),
  },
  "create-patient": {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="New patient" />}>
        <PatientCreatePage user={user} />
      </Suspense>
    ),
  },
  "patient-detail": {
    render: (params) => (user) => (
      <Suspense fallback={<PageChunkLoading title="Patient" />}>
        <PatientDetailPage key={params["id"]} id={PatientId.make(routeId(params["id"]) ?? 0)} user={user} />
      </Suspense>
    ),
    // The breadcrumb names the patient once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["id"]);
      const patient = id === null ? undefined : cached<Patient>(patientsKeys.detail(id));
      return patient === undefined ? {} : { patient: { firstName: patient.first_name, lastName: patient.last_name } };
    },
  },
};
