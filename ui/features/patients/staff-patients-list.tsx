import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { StaffId } from "../../../domain/shared/ids.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { staffPatientsLogicFor } from "./patients-machines.ts";
import { PatientsTable } from "./patients-table.tsx";
import { usePatientsApi } from "./use-patients.ts";
import * as styles from "./patients.css.ts";
import { countOf, formFor, forms, NOUNS } from "../../../domain/shared/format/plural.ts";

const IS = forms("is", "are");

const patientsWord = (count: number): string => countOf(count, NOUNS.patient);

// The patients assigned to one SLP (an SLP's record), loaded by the staff-patients machine: page
// 1 at once, each next page after the spec's 5000 ms pause, appended below. Leaving the page stops
// the machine, which cancels the pause and any call in flight. The table is not sortable here:
// the server's order is the machine's.
export function StaffPatientsList({ staffId }: { readonly staffId: StaffId }) {
  const api = usePatientsApi();
  const logic = useMemo(() => staffPatientsLogicFor(api), [api]);
  const actor = useActorRef(logic, { input: { staffId } });
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const count = useSelector(actor, (snapshot) => snapshot.context.count);
  const state = useSelector(actor, (snapshot) => (snapshot.status === "done" ? "complete" : String(snapshot.value)));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const status =
    state === "loading" && rows.length === 0
      ? "Loading patients…"
      : state === "complete"
        ? rows.length === 0
          ? ""
          : `All ${patientsWord(count)} ${formFor(count, IS)} shown.`
        : state === "failed"
          ? ""
          : `${rows.length} of ${patientsWord(count)} shown; more are loading.`;

  return (
    <section className={styles.section} aria-labelledby="staff-patients-heading">
      <h2 id="staff-patients-heading" className={styles.subheading}>
        Assigned patients
      </h2>
      <StatusMessage busy={state === "loading" || state === "pausing"}>{status}</StatusMessage>
      <Alert>{error === null ? null : error.message}</Alert>
      {state === "failed" ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "retry" })}>
          Try again
        </Button>
      ) : null}
      {state === "complete" && rows.length === 0 ? <p className={styles.lead}>No patients are assigned to this SLP.</p> : null}
      {rows.length === 0 ? null : <PatientsTable rows={rows} busy={state === "loading"} empty="" caption="Assigned patients" />}
    </section>
  );
}
