import type { ProgressPoint } from "../../../domain/session-review/progress-points.ts";
import { accuracyAxis, durationAxis } from "../../../domain/shared/charts/value-axis.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { CHART_LEFT, CHART_RIGHT, CHART_WIDTH, ChartPanel, PANEL_HEIGHT, PLOT_WIDTH, chartX } from "../../kit/value-chart.tsx";
import * as styles from "../../kit/value-chart.css.ts";

const ACCURACY_TOP = 40;
const TIME_TOP = ACCURACY_TOP + PANEL_HEIGHT + 64;
const X_LABELS = TIME_TOP + PANEL_HEIGHT + 22;
const HEIGHT = X_LABELS + 30;

// Accuracy and time have different units, so each gets its own panel and scale over one shared
// session axis (a second y axis on one panel invites reading where the lines cross). The picture
// is one image to assistive technology, named by the summary; the numbers are in the table
// beside it (docs/session-review.md, "Exercise overview").
export function ProgressChart({ points, summary }: { readonly points: readonly ProgressPoint[]; readonly summary: string }) {
  const accuracy = points.map((point) => point.accuracyPercent);
  const time = points.map((point) => point.durationSeconds);
  const highest = (values: readonly (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : Math.max(...present);
  };
  const first = points[0];
  const last = points.at(-1);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${CHART_WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
      <ChartPanel series="accuracy" axis={accuracyAxis(highest(accuracy))} top={ACCURACY_TOP} values={accuracy} />
      <ChartPanel series="time" axis={durationAxis(highest(time))} top={TIME_TOP} values={time} />
      {first === undefined || last === undefined ? null : (
        <>
          <text className={styles.chartText} x={points.length === 1 ? chartX(0, 1) : CHART_LEFT} y={X_LABELS} textAnchor={points.length === 1 ? "middle" : "start"}>
            {formatDate(first.startTime)}
          </text>
          {points.length === 1 ? null : (
            <text className={styles.chartText} x={CHART_WIDTH - CHART_RIGHT} y={X_LABELS} textAnchor="end">
              {formatDate(last.startTime)}
            </text>
          )}
          <text className={styles.chartText} x={CHART_LEFT + PLOT_WIDTH / 2} y={X_LABELS + 22} textAnchor="middle">
            {points.length === 1 ? "1 session" : `${points.length} sessions, oldest to newest`}
          </text>
        </>
      )}
    </svg>
  );
}
