import { baselineCurrentTarget } from "../../../domain/goals/goal-summary.ts";
import type { GoalWire } from "../../../domain/goals/goals-wire.ts";
import { accuracyAxis } from "../../../domain/shared/charts/value-axis.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { CHART_LEFT, CHART_RIGHT, CHART_WIDTH, ChartPanel, type ChartReference, PANEL_HEIGHT, PLOT_WIDTH, chartX } from "../../kit/value-chart.tsx";
import * as styles from "../../kit/value-chart.css.ts";

const TOP = 44;
const X_LABELS = TOP + PANEL_HEIGHT + 22;
const HEIGHT = X_LABELS + 30;

// A goal's measure over time (issue 37): the accuracy of each measured session since the start
// on the kit's value chart, with the target as a long-dashed line and the baseline as a dotted
// one, each labelled in words; a session under the target is a hollow diamond, one at or above a
// filled circle, so nothing rests on colour. One image to assistive technology, named by the
// goal's summary; the numbers are in the table beside it.
export function GoalChart({ goal, summary }: { readonly goal: GoalWire; readonly summary: string }) {
  const points = goal.progress.points;
  const baseline = goal.progress.baseline;
  const references: ChartReference[] = [
    { kind: "target", value: goal.min_accuracy, label: `Target ${goal.min_accuracy}%` },
    ...(baseline === null ? [] : [{ kind: "baseline" as const, value: baseline.value, label: `Baseline ${baseline.value}%${baseline.source === "entered" ? " (entered)" : ""}` }]),
  ];
  const first = points[0];
  const last = points.at(-1);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${CHART_WIDTH} ${HEIGHT}`} role="img" aria-label={`${summary} ${baselineCurrentTarget(goal.progress, { minAccuracy: goal.min_accuracy })}.`} preserveAspectRatio="xMidYMid meet">
      <ChartPanel
        series="accuracy"
        axis={accuracyAxis(null)}
        top={TOP}
        values={points.map((point) => point.accuracy)}
        short={points.map((point) => !point.meets)}
        references={references}
      />
      {first === undefined || last === undefined ? (
        <text className={styles.chartText} x={CHART_LEFT + PLOT_WIDTH / 2} y={X_LABELS} textAnchor="middle">
          No measured sessions since the start yet
        </text>
      ) : (
        <>
          <text className={styles.chartText} x={points.length === 1 ? chartX(0, 1) : CHART_LEFT} y={X_LABELS} textAnchor={points.length === 1 ? "middle" : "start"}>
            {dayLabel(first.day)}
          </text>
          {points.length === 1 ? null : (
            <text className={styles.chartText} x={CHART_WIDTH - CHART_RIGHT} y={X_LABELS} textAnchor="end">
              {dayLabel(last.day)}
            </text>
          )}
          <text className={styles.chartText} x={CHART_LEFT + PLOT_WIDTH / 2} y={X_LABELS + 22} textAnchor="middle">
            {points.length === 1 ? "1 session" : `${points.length} sessions, oldest to newest; hollow diamond: under the target`}
          </text>
        </>
      )}
    </svg>
  );
}
