import { lazy, Suspense } from "react";
import { patientAbilitiesOf } from "../../../domain/patients/patient-abilities.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { reviewBadgeTone } from "../../../domain/shared/statuses/review-status.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Button } from "../../kit/button.tsx";
import { Link, LinkButton } from "../../kit/link.tsx";
import { chatAbilitiesOf } from "../../../domain/chat/index.ts";
import { ratingAbilitiesOf } from "../../../domain/communication-ratings/index.ts";
import { auditAbilitiesOf, patientAccessSearch } from "../../../domain/audit/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { BIRTH_GENDER_LABEL, REVIEW_LABEL, STATUS_LABEL } from "./patient-labels.ts";
import { PatientExercises } from "./patient-exercises.tsx";
import { PatientStatusActions } from "./patient-status-actions.tsx";
import { AssignExercisesButton } from "../../game-selection/assign-exercises-button.tsx";
import { usePatient } from "./use-patients.ts";
import { StatusMessage } from "../../kit/status-message.tsx";
import { AfterHeading } from "../../kit/after-heading.tsx";
import { DeferredRender, useDeferredQuery } from "../../kit/deferred-render.tsx";
import { ContactFacts } from "../../people/contact-facts.tsx";
import { RecordEditing, RecordFact, RecordHeader, RecordLoading } from "../../people/record-page.tsx";
import { useEditInPlace } from "../../people/use-edit-in-place.ts";
import * as styles from "./patients.css.ts";
import { WorkTimerSlot } from "../../people/work-timer-frame.tsx";

// The edit form (and the phone-number library it validates with, about 63 kB) loads when editing
// starts: most visits only read the record (issue 23, the patient record at most 250 kB).
const PatientEditSection = lazy(() => import("./patient-edit-section.tsx").then((module) => ({ default: module.PatientEditSection })));
// The patient's app section sits below the record with its own table and connect form; it is asked
// for after the heading is in the document (AfterHeading) instead of holding it up.
const PatientDevicesSection = lazy(() => import("../mobile/index.ts").then((module) => ({ default: module.PatientDevicesSection })));
// Remote monitoring (billing, issue 24) comes after the rest of the record, for those with rtm retrieve only.
// It and the work timer share the billing chunk, asked for after the heading (issue 35).
const PatientBillingSection = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.PatientBillingSection })));
// Goals (issue 37) come with their chart and form in their own chunk, asked for after the heading.
const PatientGoalsSection = lazy(() => import("../goals/index.ts").then((module) => ({ default: module.PatientGoalsSection })));
// The work timer (issue 24, "Time capture"): one timer across the patient's record and session pages.
const WorkTimerBar = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.WorkTimerBar })));
// Functional communication ratings (issue 37): their own chunk, asked for after the heading, for those with goals list.
// Progress reports (issue 37): drafted, signed and printed in their own chunk, asked for after the heading.
const PatientReportsSection = lazy(() => import("../progress-reports/index.ts").then((module) => ({ default: module.PatientReportsSection })));
const CommunicationRatingsSection = lazy(() => import("../communication-ratings/index.ts").then((module) => ({ default: module.CommunicationRatingsSection })));

const devicesLoading = <StatusMessage busy>Loading the patient's app section…</StatusMessage>;
const monitoringLoading = <StatusMessage busy>Loading remote monitoring…</StatusMessage>;
const ratingsLoading = <StatusMessage busy>Loading communication ratings…</StatusMessage>;
const goalsLoading = <StatusMessage busy>Loading the goals section…</StatusMessage>;
const reportsLoading = <StatusMessage busy>Loading the progress reports…</StatusMessage>;

// /patient/:id: one patient's profile, contact information and status, with edit in place and
// the status actions the viewer may take. Heading and breadcrumb name the patient.
export function PatientDetailPage({ id, user }: { readonly id: PatientId; readonly user: CurrentUser }) {
  // The record comes in a render of its own, in slices, with its effects after it (issue 35).
  const patient = useDeferredQuery(usePatient(id));
  return patient.data === undefined ? (
    <RecordLoading noun="Patient" query={patient} loading="Loading the patient…" />
  ) : (
    <PatientRecord patient={patient.data} user={user} />
  );
}

function PatientRecord({ patient, user }: { readonly patient: Patient; readonly user: CurrentUser }) {
  const abilities = patientAbilitiesOf(user);
  const { editing, open, close } = useEditInPlace();
  const name = `${patient.first_name} ${patient.last_name}`;

  return (
    <div className={styles.page}>
      <RecordHeader name={name}>
        <div className={styles.actions}>
          <StatusBadge status={patient.status} label={STATUS_LABEL[patient.status]} />
          <StatusBadge status={patient.reviewed_status} label={REVIEW_LABEL[patient.reviewed_status]} tone={reviewBadgeTone(patient.reviewed_status)} />
        </div>
      </RecordHeader>
      <WorkTimerSlot patientName={name}>
        <WorkTimerBar patientId={patient.id} patientName={name} />
      </WorkTimerSlot>
      {editing ? (
        <RecordEditing name={name}>
          <Suspense fallback={<StatusMessage busy>Loading the edit form…</StatusMessage>}>
            <PatientEditSection patient={patient} chooseSlp={abilities.chooseSlp} onSaved={close} onCancel={close} />
          </Suspense>
        </RecordEditing>
      ) : (
        // The heading (and the timer's place) commit first; the record below in a deferred render
        // of its own, in slices (issue 35, blocking time).
        <DeferredRender>
          <div className={styles.actions}>
            {abilities.edit ? (
              <Button variant="secondary" onPress={open}>
                Edit
              </Button>
            ) : null}
            <PatientStatusActions patient={patient} abilities={abilities} />
            {abilities.assignExercises ? <AssignExercisesButton patientId={patient.id} status={patient.status} statusLabel={STATUS_LABEL[patient.status]} /> : null}
            {/* The chat page makes the patient's thread on first use (PUT …/patients/{id}/thread/) and opens it. */}
            {chatAbilitiesOf(user).messagePatient ? (
              <LinkButton variant="secondary" href={`${hrefFor("slp-chat")}?patient=${patient.id}`}>
                Message
              </LinkButton>
            ) : null}
            {/* Issue 38: who read or changed this record, in the audit log (administrators). */}
            {auditAbilitiesOf(user).view ? (
              <LinkButton variant="secondary" href={`${hrefFor("audit")}${patientAccessSearch(patient.id)}`}>
                Who accessed
              </LinkButton>
            ) : null}
            {/* HIPAA 164.528: the patient's accounting of disclosures, six years back, printable. */}
            {auditAbilitiesOf(user).accounting ? (
              <LinkButton variant="secondary" href={hrefFor("audit-disclosures", { id: patient.id })}>
                Accounting of disclosures
              </LinkButton>
            ) : null}
          </div>
          <section className={styles.section} aria-labelledby="profile-heading">
            <h2 id="profile-heading" className={styles.subheading}>
              Profile
            </h2>
            <dl className={styles.facts}>
              <RecordFact term="Email">{patient.email}</RecordFact>
              <RecordFact term="Date of birth">{formatDate(patient.birthdate)}</RecordFact>
              <RecordFact term="Assigned birth gender">{BIRTH_GENDER_LABEL[patient.gender] ?? patient.gender}</RecordFact>
              <RecordFact term="Assigned SLP">
                {patient.staff === null ? (
                  "Not assigned"
                ) : abilities.openSlp ? (
                  <Link href={hrefFor("staff-detail", { id: patient.staff.id })}>
                    {patient.staff.first_name} {patient.staff.last_name}
                  </Link>
                ) : (
                  `${patient.staff.first_name} ${patient.staff.last_name}`
                )}
              </RecordFact>
              <RecordFact term="Added">{formatDate(patient.created_at)}</RecordFact>
            </dl>
          </section>
          <ContactFacts contact={patient.contact_info} />
          <PatientExercises patientId={patient.id} />
          {abilities.seeGoals ? (
            <AfterHeading fallback={goalsLoading}>
              <Suspense fallback={goalsLoading}>
                <PatientGoalsSection patientId={patient.id} user={user} />
              </Suspense>
            </AfterHeading>
          ) : null}
          {abilities.seeGoals ? (
            <AfterHeading fallback={reportsLoading}>
              <Suspense fallback={reportsLoading}>
                <PatientReportsSection patientId={patient.id} user={user} />
              </Suspense>
            </AfterHeading>
          ) : null}
          <AfterHeading fallback={devicesLoading}>
            <Suspense fallback={devicesLoading}>
              <PatientDevicesSection patient={patient} canEdit={abilities.edit} />
            </Suspense>
          </AfterHeading>
          {ratingAbilitiesOf(user).see ? (
            <AfterHeading fallback={ratingsLoading}>
              <Suspense fallback={ratingsLoading}>
                <CommunicationRatingsSection patientId={patient.id} />
              </Suspense>
            </AfterHeading>
          ) : null}
          {abilities.seeMonitoring ? (
            <AfterHeading fallback={monitoringLoading}>
              <Suspense fallback={monitoringLoading}>
                <PatientBillingSection patientId={patient.id} patientName={name} />
              </Suspense>
            </AfterHeading>
          ) : null}
        </DeferredRender>
      )}
    </div>
  );
}
