import { goalAbilitiesOf } from "../../../domain/goals/goal-abilities.ts";
import { GOAL_KIND } from "../../../domain/goals/goal-criterion.ts";
import type { GoalId } from "../../../domain/goals/goals-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Button } from "../../kit/button.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useEditOneOf } from "../../people/use-edit-one-of.ts";
import * as pageStyles from "../../shell/content-page.css.ts";
import { GoalCard } from "./goal-card.tsx";
import { GoalForm } from "./goal-form.tsx";
import * as styles from "./goals.css.ts";
import { usePatientGoals } from "./use-goals.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

export type PatientGoalsSectionProps = {
  readonly patientId: PatientId;
  readonly user: CurrentUser;
};

const ADD_ID = "goals-add";

// "Goals" on the patient record (issue 37, docs/goals.md): each goal with its criterion in words,
// baseline -> current -> target, its FHIR status in words, a chart and a table; met and
// discontinued goals stay listed. SLPs and staff administrators write and edit goals in place,
// one form at a time; the focus comes back to the button that opened the form.
export function PatientGoalsSection({ patientId, user }: PatientGoalsSectionProps) {
  const goals = useDeferredQuery(usePatientGoals(patientId));
  const abilities = goalAbilitiesOf(user);
  const { editing, open, close } = useEditOneOf<GoalId | "new">();
  const list = goals.data?.goals ?? [];
  const longTerm = list.filter((goal) => goal.kind === GOAL_KIND.longTerm);
  const today = goals.data?.today;
  return (
    <section className={pageStyles.section} aria-labelledby="goals-heading">
      <h2 id="goals-heading" className={pageStyles.subheading}>
        Goals
      </h2>
      <QueryStatus query={goals} loading="Loading the goals…" status="" busy={goals.isFetching} />
      {goals.data === undefined ? null : list.length === 0 ? <p className={pageStyles.lead}>No goals yet.</p> : null}
      {abilities.write && today !== undefined ? (
        editing === "new" ? (
          <GoalForm patientId={patientId} goal={null} longTermGoals={longTerm} today={today} onClose={close} />
        ) : (
          <div className={styles.buttons}>
            <Button id={ADD_ID} variant="secondary" isDisabled={editing !== null} onPress={() => open("new", document.getElementById(ADD_ID))}>
              Add a goal
            </Button>
          </div>
        )
      ) : null}
      {list.length === 0 ? null : (
        <ul className={styles.list} aria-label="The patient's goals">
          {list.map((goal) =>
            editing === goal.id && today !== undefined ? (
              <li key={goal.id}>
                <GoalForm patientId={patientId} goal={goal} longTermGoals={longTerm} today={today} onClose={close} />
              </li>
            ) : (
              <GoalCard key={goal.id} goal={goal} canEdit={abilities.write && editing === null} onEdit={(opener) => open(goal.id, opener)} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
